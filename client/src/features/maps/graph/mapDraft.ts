// What the graph editor changes of a map (its "draft"): read from the saved map's JSON parts,
// compared with what was loaded, and turned into the save's input (only what changed). Pure: the
// unit tests use it without a browser.
import {
  DEFAULT_MAP_SETTINGS,
  LINK_TYPE_STYLES,
  LINK_TYPES,
  linkStyleOf,
  mapLayerSchema,
  mapSettingsSchema,
  newLayer,
  parseMapNodeKey,
  type LinkType,
  type MapLayer,
  type MapLink,
  type MapLinkStyle,
  type MapPositions,
  type MapSettings,
} from '@rules';
import type { ProgressMapDetailFragment, UpdateMapInput } from '../../../gql/graphql';

export interface MapDraft {
  name: string;
  description: string;
  isPrivate: boolean;
  copyEnabled: boolean;
  cldsEnabled: boolean;
  collaboratorIds: string[];
  settings: MapSettings;
  layers: MapLayer[];
  links: MapLink[];
  positions2d: MapPositions;
  positions3d: MapPositions;
  excluded: string[];
}

/** The parts of a saved map the draft is read from. */
export type DraftSource = Pick<
  ProgressMapDetailFragment,
  | 'name'
  | 'description'
  | 'isPrivate'
  | 'copyEnabled'
  | 'cldsEnabled'
  | 'collaborators'
  | 'settings'
  | 'layers'
  | 'links'
  | 'positions2d'
  | 'positions3d'
  | 'excluded'
>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isLinkType = (value: unknown): value is LinkType =>
  typeof value === 'string' && (LINK_TYPES as readonly string[]).includes(value);

/** A map's settings over the defaults; a field the server does not know falls back to them. */
export function settingsOf(raw: unknown): MapSettings {
  const parsed = mapSettingsSchema.safeParse(isRecord(raw) ? raw : {});
  return parsed.success ? parsed.data : DEFAULT_MAP_SETTINGS;
}

/** A stored link, or null for one this client cannot draw (no ends, unknown type). */
export function linkOf(raw: unknown): MapLink | null {
  if (!isRecord(raw)) return null;
  const { id, source, target, type } = raw;
  if (typeof id !== 'string' || typeof source !== 'string' || typeof target !== 'string')
    return null;
  if (!isLinkType(type)) return null;
  return {
    id,
    source,
    target,
    type,
    label: typeof raw.label === 'string' ? raw.label : '',
    description: typeof raw.description === 'string' ? raw.description : '',
    style: isRecord(raw.style) ? (raw.style as Partial<MapLinkStyle>) : {},
  };
}

/** A stored layer over a new layer's defaults (an older layer may lack a later field). */
export function layerOf(raw: unknown, index: number): MapLayer | null {
  if (!isRecord(raw)) return null;
  const base = newLayer(typeof raw.id === 'string' ? raw.id : `layer-${index}`, '');
  const merged = { ...base, ...raw };
  const parsed = mapLayerSchema.safeParse(merged);
  return parsed.success ? { ...merged, ...parsed.data } : (merged as MapLayer);
}

/** Positions with finite coordinates only. */
export function positionsOf(raw: unknown): MapPositions {
  const positions: MapPositions = {};
  if (!isRecord(raw)) return positions;
  for (const [key, value] of Object.entries(raw)) {
    if (!isRecord(value)) continue;
    const { x, y, z } = value;
    if (typeof x !== 'number' || typeof y !== 'number') continue;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    positions[key] = typeof z === 'number' && Number.isFinite(z) ? { x, y, z } : { x, y };
  }
  return positions;
}

/** The draft of a saved map, or of a space's default map (nothing saved). */
export function draftOf(map: DraftSource | null): MapDraft {
  if (!map)
    return {
      name: '',
      description: '',
      isPrivate: false,
      copyEnabled: true,
      cldsEnabled: true,
      collaboratorIds: [],
      settings: DEFAULT_MAP_SETTINGS,
      layers: [],
      links: [],
      positions2d: {},
      positions3d: {},
      excluded: [],
    };
  return {
    name: map.name,
    description: map.description,
    isPrivate: map.isPrivate,
    copyEnabled: map.copyEnabled,
    cldsEnabled: map.cldsEnabled,
    collaboratorIds: map.collaborators.map((person) => person.id),
    settings: settingsOf(map.settings),
    layers: map.layers
      .map((layer, index) => layerOf(layer, index))
      .filter((layer): layer is MapLayer => layer !== null),
    links: map.links.map(linkOf).filter((link): link is MapLink => link !== null),
    positions2d: positionsOf(map.positions2d),
    positions3d: positionsOf(map.positions3d),
    excluded: [...map.excluded],
  };
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * What a save sends: the version the editor started from and each part that differs from what it
 * loaded. Collaborators only when they changed (choosing them is the author's alone).
 */
export function saveInputOf(base: MapDraft, draft: MapDraft, version: number): UpdateMapInput {
  const input: UpdateMapInput = { version };
  if (draft.name !== base.name) input.name = draft.name;
  if (draft.description !== base.description) input.description = draft.description;
  if (draft.isPrivate !== base.isPrivate) input.isPrivate = draft.isPrivate;
  if (draft.copyEnabled !== base.copyEnabled) input.copyEnabled = draft.copyEnabled;
  if (draft.cldsEnabled !== base.cldsEnabled) input.cldsEnabled = draft.cldsEnabled;
  if (!sameMembers(draft.collaboratorIds, base.collaboratorIds))
    input.collaboratorIds = draft.collaboratorIds;
  if (!same(draft.settings, base.settings)) input.settings = { ...draft.settings };
  if (!same(draft.layers, base.layers)) input.layers = draft.layers.map((layer) => ({ ...layer }));
  if (!same(draft.links, base.links)) input.links = draft.links.map((link) => ({ ...link }));
  if (!same(draft.positions2d, base.positions2d)) input.positions2d = draft.positions2d;
  if (!same(draft.positions3d, base.positions3d)) input.positions3d = draft.positions3d;
  if (!sameMembers(draft.excluded, base.excluded)) input.excluded = draft.excluded;
  return input;
}

/** Whether a save would change anything. */
export const draftChanged = (base: MapDraft, draft: MapDraft) =>
  base !== draft && Object.keys(saveInputOf(base, draft, 0)).length > 1;

/** A waypoint as both maps' graphs show it. */
export interface WaypointNode {
  key: string;
  label: string;
  description: string | null;
}

/**
 * A copy gets new waypoints: which new key stands for each of the original's, matched by name and
 * description in order (a waypoint deleted meanwhile has none).
 */
export function waypointMapping(
  original: readonly WaypointNode[],
  copy: readonly WaypointNode[],
): Map<string, string> {
  const signature = (node: WaypointNode) => `${node.label}\u0000${node.description ?? ''}`;
  const unused = new Map<string, string[]>();
  for (const node of copy) {
    const keys = unused.get(signature(node)) ?? [];
    keys.push(node.key);
    unused.set(signature(node), keys);
  }
  const mapping = new Map<string, string>();
  for (const node of original) {
    const next = unused.get(signature(node))?.shift();
    if (next) mapping.set(node.key, next);
  }
  return mapping;
}

/**
 * The draft with the original map's waypoint keys replaced by the copy's; links, positions and
 * exclusions naming a waypoint the copy lacks are dropped.
 */
export function remapWaypoints(draft: MapDraft, mapping: ReadonlyMap<string, string>): MapDraft {
  const keyOf = (key: string): string | null =>
    parseMapNodeKey(key)?.kind === 'waypoint' ? (mapping.get(key) ?? null) : key;
  const positions = (source: MapPositions) => {
    const moved: MapPositions = {};
    for (const [key, position] of Object.entries(source)) {
      const next = keyOf(key);
      if (next) moved[next] = position;
    }
    return moved;
  };
  const links: MapLink[] = [];
  for (const link of draft.links) {
    const source = keyOf(link.source);
    const target = keyOf(link.target);
    if (source && target) links.push({ ...link, source, target });
  }
  return {
    ...draft,
    links,
    positions2d: positions(draft.positions2d),
    positions3d: positions(draft.positions3d),
    excluded: draft.excluded.map(keyOf).filter((key): key is string => key !== null),
  };
}

// --- Link styles -------------------------------------------------------------------------------

type Particles = MapLinkStyle['particles'];

/** The fields of a style that differ from a type's defaults: the link's overrides. */
export function overridesOf(style: MapLinkStyle, type: LinkType): Partial<MapLinkStyle> {
  const defaults = LINK_TYPE_STYLES[type];
  const overrides: Partial<MapLinkStyle> = {};
  for (const key of Object.keys(style) as (keyof MapLinkStyle)[]) {
    if (key === 'particles') continue;
    if (style[key] !== defaults[key]) Object.assign(overrides, { [key]: style[key] });
  }
  const particles: Partial<Particles> = {};
  for (const key of Object.keys(style.particles) as (keyof Particles)[]) {
    if (style.particles[key] !== defaults.particles[key])
      Object.assign(particles, { [key]: style.particles[key] });
  }
  if (Object.keys(particles).length > 0) overrides.particles = particles as Particles;
  return overrides;
}

/** A style moved to another type: what was the old type's default becomes the new one's. */
export function restyle(style: MapLinkStyle, from: LinkType, to: LinkType): MapLinkStyle {
  const overrides = overridesOf(style, from);
  return linkStyleOf({ type: to, style: overrides });
}
