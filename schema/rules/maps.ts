/**
 * Progress maps ("views", spec 000 §3 Map, Layer, Link style; 001 §9): their kinds, limits,
 * defaults, messages, and the shapes of the parts a map stores as JSON (settings, layers, custom
 * links, positions). A map is a view of its space's content: nodes are the space's items (keys
 * below), the map keeps their layout and what people drew. The zod validators live in
 * maps.schemas.ts, so reading a default does not load zod.
 */
import type { TimeRange } from './time-range';
import type { ProblemStatus } from './problems';

export const MAP_TYPES = ['graph', 'scurve', 'kanban', 'location'] as const;
export type MapType = (typeof MAP_TYPES)[number];

export const GRAPH_TYPES = ['2D', '3D'] as const;
export type GraphType = (typeof GRAPH_TYPES)[number];

/** Maps lists: newest saved first, or by name. */
export const MAP_SORTS = ['recent', 'az', 'za'] as const;
export type MapSort = (typeof MAP_SORTS)[number];

export const MAP_NAME_MAX = 100;
export const MAP_DESCRIPTION_MAX = 2000;
/** Cards cut a description here and add '...' (spec 001 §9). */
export const MAP_DESCRIPTION_PREVIEW = 150;
export const MAP_WIZARD_STEPS = 3;
/** Spec: the maps dialogs are at most 500 wide. */
export const MAP_DIALOG_WIDTH = 500;
export const MAP_COLLABORATORS_MAX = 20;
export const MAP_POSITIONS_MAX = 5000;
export const MAP_LINKS_MAX = 10_000;
export const MAP_WAYPOINTS_MAX = 500;
export const MAP_LAYERS_MAX = 20;
export const WAYPOINT_NAME_MAX = 100;
export const WAYPOINT_DESCRIPTION_MAX = 2000;
/** The list's brief loading state after a sort or filter change (spec 000 §4: 300 to 500 ms). */
export const MAP_LIST_SETTLE_MS = 400;
/** Editor history (spec 001 §9): 50 entries. */
export const MAP_HISTORY_MAX = 50;

/**
 * A map's time filter starts at all time: the spec's last24hours default would empty every map a
 * day after its items were posted (docs/decisions.md, progress maps). last24hours is the first
 * preset offered.
 */
export const MAP_DEFAULT_TIME_RANGE: TimeRange = 'alltime';

// --- Nodes -------------------------------------------------------------------------------------

export const MAP_NODE_KINDS = ['problem', 'solution', 'story', 'tag', 'user', 'waypoint'] as const;
export type MapNodeKind = (typeof MAP_NODE_KINDS)[number];

/** Automatic links between a space's items (not stored): what the content itself says. */
export const MAP_EDGE_KINDS = ['solves', 'story', 'tagged', 'authored'] as const;
export type MapEdgeKind = (typeof MAP_EDGE_KINDS)[number];

/** A node's label (a story's text) and description (plain text) are cut at these lengths. */
export const MAP_NODE_LABEL_MAX = 80;
export const MAP_NODE_DESCRIPTION_MAX = 200;

/** Waypoint lists: the viewer's own (/waypoints/myNodes) or a space's (/waypoints/space). */
export const WAYPOINT_SCOPES = ['mine', 'space'] as const;
export type WaypointScope = (typeof WAYPOINT_SCOPES)[number];

/** A loop shows progress when it passes a problem in one of these statuses (the Loops panel). */
export const MAP_PROGRESS_STATUSES = ['solving', 'solved'] as const;
/** An s-curve counts a problem as solved in this status. */
export const MAP_SOLVED_STATUS = 'solved';

/** An s-curve has one point a day; a window longer than this keeps its last days. */
export const MAP_PROGRESS_MAX_DAYS = 3660;

/** A node's key: `problem:<id>`, `tag:<name>`, `waypoint:<id>`… */
export const mapNodeKey = (kind: MapNodeKind, refId: string) => `${kind}:${refId}`;

/** The kind and id of a node key, or null when it is not one. */
export function parseMapNodeKey(key: string): { kind: MapNodeKind; refId: string } | null {
  const colon = key.indexOf(':');
  if (colon <= 0 || colon === key.length - 1) return null;
  const kind = key.slice(0, colon);
  return (MAP_NODE_KINDS as readonly string[]).includes(kind)
    ? { kind: kind as MapNodeKind, refId: key.slice(colon + 1) }
    : null;
}

// --- Links -------------------------------------------------------------------------------------

/** straight and curved draw a relation; cld+ and cld- are causal links with a polarity. */
export const LINK_TYPES = ['straight', 'curved', 'cld+', 'cld-'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_CURVATURE_TYPES = ['clockwise', 'counterClockwise', 'straight'] as const;
export const LINK_RELATIONSHIPS = ['same', 'opposite', 'undefined'] as const;

export const LINK_WIDTH_MIN = 1;
export const LINK_WIDTH_MAX = 5;
export const ARROW_LENGTH_MAX = 10;
export const LINK_LABEL_MAX = 100;
export const LINK_DESCRIPTION_MAX = 500;
export const LINK_CURVATURE_TEXT_MAX = 5;
export const LINK_FONT_SIZE_MIN = 6;
export const LINK_FONT_SIZE_MAX = 48;
export const PARTICLE_COUNT_MAX = 20;
export const HIGHLIGHT_COLOR = '#FFA500';

/** How a link looks: every field of a link's style (spec 000 §3 'Link style'). */
export interface MapLinkStyle {
  color: string;
  width: number;
  dashed: boolean;
  dashPattern: string;
  curvatureType: (typeof LINK_CURVATURE_TYPES)[number];
  /** How far a curved link bends, as typed (a number of 1 to 5 characters, e.g. '0.5'). */
  curvature: string;
  relationship: (typeof LINK_RELATIONSHIPS)[number];
  visible: boolean;
  delay: number;
  fontColor: string;
  fontBgColor: string;
  fontSize: number;
  arrowEnabled: boolean;
  arrowLength: number;
  arrowColor: string;
  /** Where the arrow sits along the link, 0 (source) to 1 (target). */
  arrowPosition: number;
  particles: { enabled: boolean; count: number; size: number; speed: number; color: string };
}

const LINK_BASE_STYLE: MapLinkStyle = {
  color: '#90EE90',
  width: 1,
  dashed: false,
  dashPattern: '4 4',
  curvatureType: 'straight',
  curvature: '0',
  relationship: 'undefined',
  visible: true,
  delay: 0,
  fontColor: '#333333',
  fontBgColor: '#FFFFFF',
  fontSize: 10,
  arrowEnabled: true,
  arrowLength: 6,
  arrowColor: '#90EE90',
  arrowPosition: 0.85,
  particles: { enabled: false, count: 4, size: 2, speed: 0.005, color: '#FFA500' },
};

/** Each link type's defaults (spec: curved 0.5; cld+ reinforcing blue; cld- balancing red). */
export const LINK_TYPE_STYLES: Record<LinkType, MapLinkStyle> = {
  straight: LINK_BASE_STYLE,
  curved: { ...LINK_BASE_STYLE, curvatureType: 'clockwise', curvature: '0.5' },
  'cld+': {
    ...LINK_BASE_STYLE,
    color: '#1E63E9',
    arrowColor: '#1E63E9',
    curvatureType: 'clockwise',
    curvature: '0.5',
    relationship: 'same',
    particles: { ...LINK_BASE_STYLE.particles, enabled: true, color: '#1E63E9' },
  },
  'cld-': {
    ...LINK_BASE_STYLE,
    color: '#E53935',
    arrowColor: '#E53935',
    curvatureType: 'clockwise',
    curvature: '0.5',
    relationship: 'opposite',
    particles: { ...LINK_BASE_STYLE.particles, enabled: true, color: '#E53935' },
  },
};

/** The label a causal link shows beside its own (spec: '(+/s)' and '(-/o)'). */
export const LINK_POLARITY_LABELS: Partial<Record<LinkType, string>> = {
  'cld+': '(+/s)',
  'cld-': '(-/o)',
};

/** What a link overrides of its type's style: any field, and any of its particles' fields. */
export type MapLinkStyleOverrides = Partial<Omit<MapLinkStyle, 'particles'>> & {
  particles?: Partial<MapLinkStyle['particles']>;
};

/** A link someone drew on a map, between two node keys, with what it overrides of its type. */
export interface MapLink {
  id: string;
  source: string;
  target: string;
  type: LinkType;
  label: string;
  description: string;
  style: MapLinkStyleOverrides;
}

/** A link's style: its type's defaults with its own overrides merged over them. */
export function linkStyleOf(link: Pick<MapLink, 'type' | 'style'>): MapLinkStyle {
  const base = LINK_TYPE_STYLES[link.type];
  return {
    ...base,
    ...link.style,
    particles: { ...base.particles, ...link.style.particles },
  };
}

// --- Layers (3D planes) ------------------------------------------------------------------------

export const LAYER_NAME_MAX = 25;
export const LAYER_TAG_MAX = 35;
export const LAYER_TAGS_MIN = 1;
export const LAYER_TAGS_MAX = 5;
export const LAYER_FONT_SIZE_MIN = 10;
export const LAYER_FONT_SIZE_MAX = 120;
export const LAYER_TICKS_MIN = 2;
export const LAYER_TEXT_POSITIONS = [
  'center',
  'topLeft',
  'topRight',
  'bottomLeft',
  'bottomRight',
] as const;

/** A plane of a 3D map: the nodes whose tags match its filter tags sit on it (spec 000 §3 Layer). */
export interface MapLayer {
  id: string;
  name: string;
  show: boolean;
  color: string;
  filterTags: string[];
  opacity: number;
  transparent: boolean;
  wireframe: boolean;
  showTextName: boolean;
  textPosition: (typeof LAYER_TEXT_POSITIONS)[number];
  textFontSize: number;
  enableAxis: boolean;
  enableVerticalLines: boolean;
  xAxisLabel: string;
  yAxisLabel: string;
  xAxisValues: string;
  xAxisUseDateRange: boolean;
  /** ISO dates (yyyy-mm-dd). */
  xAxisStartDate: string;
  xAxisEndDate: string;
  xAxisNumTicks: number;
  yAxisValues: string;
  yAxisUseRange: boolean;
  yAxisStartValue: number;
  yAxisEndValue: number;
  yAxisNumTicks: number;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** A new layer's fields (spec defaults: opacity 0.5, font 36, axis Q1–Q4 and 0–100, 5 ticks). */
export function newLayer(id: string, name: string, now = new Date()): MapLayer {
  return {
    id,
    name,
    show: true,
    color: '#4DABF7',
    filterTags: [],
    opacity: 0.5,
    transparent: true,
    wireframe: false,
    showTextName: true,
    textPosition: 'center',
    textFontSize: 36,
    enableAxis: false,
    enableVerticalLines: false,
    xAxisLabel: 'Time',
    yAxisLabel: 'Value',
    xAxisValues: 'Q1,Q2,Q3,Q4',
    xAxisUseDateRange: false,
    xAxisStartDate: isoDate(now),
    xAxisEndDate: isoDate(new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000)),
    xAxisNumTicks: 5,
    yAxisValues: '0,25,50,75,100',
    yAxisUseRange: false,
    yAxisStartValue: 0,
    yAxisEndValue: 100,
    yAxisNumTicks: 5,
  };
}

// --- Settings, positions, filters --------------------------------------------------------------

export const MAP_BACKGROUND_COLOR = '#f9f9f9';
export const MAP_NODE_FONT_SIZE = 8;
export const MAP_NODE_SIZE = 10;

/** A map's settings (spec 000 §3): 2D, 3D and the general node sizes. */
export interface MapSettings {
  showBackgroundImage: boolean;
  backgroundImage: string | null;
  customBackgroundColor: boolean;
  backgroundColor: string;
  showLinkLabels: boolean;
  showParticipants: boolean;
  showSpaceSolutions: boolean;
  showTags: boolean;
  nodeFontSize: number;
  nodeSize: number;
}

export const DEFAULT_MAP_SETTINGS: MapSettings = {
  showBackgroundImage: false,
  backgroundImage: null,
  customBackgroundColor: false,
  backgroundColor: MAP_BACKGROUND_COLOR,
  showLinkLabels: true,
  showParticipants: false,
  showSpaceSolutions: true,
  showTags: false,
  nodeFontSize: MAP_NODE_FONT_SIZE,
  nodeSize: MAP_NODE_SIZE,
};

/** Where each node sits, by node key (2D maps store x and y; 3D also z). */
export type MapPositions = Record<string, { x: number; y: number; z?: number }>;

/** What a map shows of its space: problems in these statuses, items of this time and these tags. */
export interface MapFilters {
  statuses: ProblemStatus[];
  timeRange: TimeRange;
  startDate: string | null;
  endDate: string | null;
  tags: string[];
}

export const DEFAULT_MAP_FILTERS: MapFilters = {
  statuses: [],
  timeRange: MAP_DEFAULT_TIME_RANGE,
  startDate: null,
  endDate: null,
  tags: [],
};

/** A description as cards show it: at most 150 characters, then '...'. */
export const mapDescriptionPreview = (text: string) =>
  text.length > MAP_DESCRIPTION_PREVIEW ? `${text.slice(0, MAP_DESCRIPTION_PREVIEW)}...` : text;

// --- Export ------------------------------------------------------------------------------------

export const MAP_EXPORT_FORMAT = 'bumps-map';
export const MAP_EXPORT_VERSION = 1;

/** The file a map exports to JSON, and what import takes. */
export interface MapExport {
  format: typeof MAP_EXPORT_FORMAT;
  version: typeof MAP_EXPORT_VERSION;
  map: {
    name: string;
    description: string;
    type: MapType;
    graphTypes: GraphType[];
    cldsEnabled: boolean;
    settings: MapSettings;
    layers: MapLayer[];
    filters: MapFilters;
    links: MapLink[];
    positions2d: MapPositions;
    positions3d: MapPositions;
    excluded: string[];
  };
  /** The map's own nodes: waypoint keys in `links` and positions are these `key`s. */
  waypoints: { key: string; name: string; description: string }[];
  /** What the nodes were when exported (for people reading the file; import ignores it). */
  nodes: { key: string; kind: MapNodeKind; label: string }[];
}

export const MAP_MESSAGES = {
  nameRequired: 'Name required',
  nameMax: `Name can be at most ${MAP_NAME_MAX} characters`,
  descriptionMax: `The description can be at most ${MAP_DESCRIPTION_MAX} characters`,
  graphTypeRequired: 'You must select at least one',
  typeInvalid: 'Choose graph, s-curve, kanban or location',
  typeFixed: 'The type of a map cannot change',
  noEditPermission:
    'You do not have permissions to edit this map. Please check with the map author.',
  copyDisabled: 'Copying is turned off for this map',
  stale: 'This map was changed since you opened it',
  collaboratorsMax: `At most ${MAP_COLLABORATORS_MAX} collaborators`,
  collaboratorNotParticipant: 'Collaborators must be participants of the space',
  recipeProblemMissing: 'Item has been deleted',
  recipeGraphOnly: 'A recipe is a 2D graph map',
  layerNameMax: `Layer name can be at most ${LAYER_NAME_MAX} characters`,
  layerTagsMin: 'Min 1 tag',
  layerTagsMax: 'Max 5 tags',
  layerTagMax: `A layer tag can be at most ${LAYER_TAG_MAX} characters`,
  layerDateRange: 'End date cannot be before start date',
  curvatureRequired: 'Curvature required',
  curvatureMin: 'Min 1 characters',
  curvatureMax: 'Max 5 characters',
  widthRequired: 'Width required',
  linkInvalid: 'A link joins two nodes of the map',
  tooManyNodes: `A map holds at most ${MAP_POSITIONS_MAX} nodes`,
  tooManyLinks: `A map holds at most ${MAP_LINKS_MAX} links`,
  tooManyWaypoints: `A map holds at most ${MAP_WAYPOINTS_MAX} waypoints`,
  waypointNameRequired: 'Name required',
  importInvalid: 'This is not a map file',
  sortInvalid: `orderBy must be one of ${MAP_SORTS.join(', ')}`,
} as const;
