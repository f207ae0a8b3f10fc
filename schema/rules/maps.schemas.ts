/** The zod validators of progress maps' inputs (kinds, limits, defaults and messages: maps.ts). */
import { z } from 'zod';
import {
  ARROW_LENGTH_MAX,
  DEFAULT_MAP_FILTERS,
  DEFAULT_MAP_SETTINGS,
  GRAPH_TYPES,
  LAYER_FONT_SIZE_MAX,
  LAYER_FONT_SIZE_MIN,
  LAYER_NAME_MAX,
  LAYER_TAG_MAX,
  LAYER_TAGS_MAX,
  LAYER_TAGS_MIN,
  LAYER_TEXT_POSITIONS,
  LAYER_TICKS_MIN,
  LINK_CURVATURE_TEXT_MAX,
  LINK_CURVATURE_TYPES,
  LINK_DESCRIPTION_MAX,
  LINK_FONT_SIZE_MAX,
  LINK_FONT_SIZE_MIN,
  LINK_LABEL_MAX,
  LINK_RELATIONSHIPS,
  LINK_TYPES,
  LINK_WIDTH_MAX,
  LINK_WIDTH_MIN,
  MAP_COLLABORATORS_MAX,
  MAP_DESCRIPTION_MAX,
  MAP_EXPORT_FORMAT,
  MAP_EXPORT_VERSION,
  MAP_LAYERS_MAX,
  MAP_LINKS_MAX,
  MAP_MESSAGES,
  MAP_NAME_MAX,
  MAP_NODE_KINDS,
  MAP_POSITIONS_MAX,
  MAP_SORTS,
  MAP_TYPES,
  MAP_WAYPOINTS_MAX,
  parseMapNodeKey,
  PARTICLE_COUNT_MAX,
  WAYPOINT_DESCRIPTION_MAX,
  WAYPOINT_NAME_MAX,
  WAYPOINT_SCOPES,
} from './maps';
import { LOOP_MAX_COUNT, LOOP_MAX_LENGTH } from './map-loops';
import { PROBLEM_STATUSES } from './problems';
import { URL_MAX } from './limits';
import { MESSAGES } from './messages';
import { TAG_MESSAGES, TAG_TEXT_MAX, normalizeTag } from './tags';
import { checkTimeRange, timeRangeFields } from './time-range.schemas';
import { cursorSchema, idSchema as id } from './validators';

const color = z.string().trim().max(40, { message: MESSAGES.invalidValue, abort: true });
const nodeKey = z
  .string()
  .max(200, { message: MAP_MESSAGES.linkInvalid, abort: true })
  .refine((key) => parseMapNodeKey(key) !== null, MAP_MESSAGES.linkInvalid);

export const mapNameSchema = z
  .string({ error: MAP_MESSAGES.nameRequired })
  .trim()
  .min(1, MAP_MESSAGES.nameRequired)
  .max(MAP_NAME_MAX, { message: MAP_MESSAGES.nameMax, abort: true });

export const mapDescriptionSchema = z
  .string()
  .trim()
  .max(MAP_DESCRIPTION_MAX, { message: MAP_MESSAGES.descriptionMax, abort: true });

export const mapTypeSchema = z.enum(MAP_TYPES, { error: MAP_MESSAGES.typeInvalid });

/** Graph types, de-duplicated in the spec's order. */
export const graphTypesSchema = z
  .array(z.enum(GRAPH_TYPES, { error: MAP_MESSAGES.graphTypeRequired }))
  .transform((types) => GRAPH_TYPES.filter((type) => types.includes(type)));

/** What a map shows of its space; the dates as ISO strings once parsed. */
export const mapFiltersSchema = z
  .object({
    statuses: z.array(z.enum(PROBLEM_STATUSES)).max(PROBLEM_STATUSES.length).nullish(),
    ...timeRangeFields,
    tags: z
      .array(
        z
          .string()
          .max(TAG_TEXT_MAX, { message: TAG_MESSAGES.tagInvalid, abort: true })
          .transform(normalizeTag),
      )
      .max(LAYER_TAGS_MAX, MAP_MESSAGES.layerTagsMax)
      .nullish(),
  })
  .superRefine(checkTimeRange)
  .transform((input) => ({
    statuses: [...new Set(input.statuses ?? DEFAULT_MAP_FILTERS.statuses)],
    timeRange: input.timeRange ?? DEFAULT_MAP_FILTERS.timeRange,
    startDate: input.startDate ? input.startDate.toISOString() : null,
    endDate: input.endDate ? input.endDate.toISOString() : null,
    tags: [...new Set((input.tags ?? []).filter(Boolean))],
  }));

export const mapSettingsSchema = z.object({
  showBackgroundImage: z.boolean().default(DEFAULT_MAP_SETTINGS.showBackgroundImage),
  backgroundImage: z
    .string()
    .max(URL_MAX, { message: MESSAGES.urlMax, abort: true })
    .nullable()
    .default(null),
  customBackgroundColor: z.boolean().default(DEFAULT_MAP_SETTINGS.customBackgroundColor),
  backgroundColor: color.default(DEFAULT_MAP_SETTINGS.backgroundColor),
  showLinkLabels: z.boolean().default(DEFAULT_MAP_SETTINGS.showLinkLabels),
  showParticipants: z.boolean().default(DEFAULT_MAP_SETTINGS.showParticipants),
  showSpaceSolutions: z.boolean().default(DEFAULT_MAP_SETTINGS.showSpaceSolutions),
  showTags: z.boolean().default(DEFAULT_MAP_SETTINGS.showTags),
  nodeFontSize: z.number().min(4).max(48).default(DEFAULT_MAP_SETTINGS.nodeFontSize),
  nodeSize: z.number().min(2).max(100).default(DEFAULT_MAP_SETTINGS.nodeSize),
});

/** A link's curvature as typed: required, 1 to 5 characters, a number. */
export const linkCurvatureSchema = z
  .string({ error: MAP_MESSAGES.curvatureRequired })
  .trim()
  .min(1, MAP_MESSAGES.curvatureMin)
  .max(LINK_CURVATURE_TEXT_MAX, { message: MAP_MESSAGES.curvatureMax, abort: true })
  .refine((text) => Number.isFinite(Number(text)), MAP_MESSAGES.curvatureRequired);

/** Overrides of a link's type defaults: every field optional. */
export const linkStyleSchema = z
  .object({
    color,
    width: z
      .number({ error: MAP_MESSAGES.widthRequired })
      .min(LINK_WIDTH_MIN, MAP_MESSAGES.widthRequired)
      .max(LINK_WIDTH_MAX, MAP_MESSAGES.widthRequired),
    dashed: z.boolean(),
    dashPattern: z.string().max(40, { message: MESSAGES.invalidValue, abort: true }),
    curvatureType: z.enum(LINK_CURVATURE_TYPES),
    curvature: linkCurvatureSchema,
    relationship: z.enum(LINK_RELATIONSHIPS),
    visible: z.boolean(),
    delay: z.number().min(0).max(60_000),
    fontColor: color,
    fontBgColor: color,
    fontSize: z.number().min(LINK_FONT_SIZE_MIN).max(LINK_FONT_SIZE_MAX),
    arrowEnabled: z.boolean(),
    arrowLength: z.number().min(0).max(ARROW_LENGTH_MAX),
    arrowColor: color,
    arrowPosition: z.number().min(0).max(1),
    particles: z
      .object({
        enabled: z.boolean(),
        count: z.number().int().min(0).max(PARTICLE_COUNT_MAX),
        size: z.number().min(0).max(20),
        speed: z.number().min(0).max(1),
        color,
      })
      .partial(),
  })
  .partial();

export const mapLinkSchema = z
  .object({
    id,
    source: nodeKey,
    target: nodeKey,
    type: z.enum(LINK_TYPES),
    label: z
      .string()
      .trim()
      .max(LINK_LABEL_MAX, { message: MESSAGES.invalidValue, abort: true })
      .default(''),
    description: z
      .string()
      .trim()
      .max(LINK_DESCRIPTION_MAX, { message: MESSAGES.invalidValue, abort: true })
      .default(''),
    style: linkStyleSchema.default({}),
  })
  .strip();

const layerTag = z
  .string()
  .max(TAG_TEXT_MAX, { message: MAP_MESSAGES.layerTagMax, abort: true })
  .transform(normalizeTag)
  .refine((tag) => tag.length > 0, TAG_MESSAGES.tagInvalid)
  .refine((tag) => tag.length <= LAYER_TAG_MAX, MAP_MESSAGES.layerTagMax);
const isoDay = z
  .string()
  .max(10, { message: MAP_MESSAGES.layerDateRange, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/u, MAP_MESSAGES.layerDateRange);
const axisText = (max: number) =>
  z.string().max(max, { message: MESSAGES.invalidValue, abort: true });
const ticks = z.number().int().min(LAYER_TICKS_MIN).max(50);

export const mapLayerSchema = z
  .object({
    id,
    name: z
      .string({ error: MAP_MESSAGES.nameRequired })
      .trim()
      .min(1, MAP_MESSAGES.nameRequired)
      .max(LAYER_NAME_MAX, { message: MAP_MESSAGES.layerNameMax, abort: true }),
    show: z.boolean().default(true),
    color,
    filterTags: z
      .array(layerTag)
      .min(LAYER_TAGS_MIN, MAP_MESSAGES.layerTagsMin)
      .max(LAYER_TAGS_MAX, MAP_MESSAGES.layerTagsMax),
    opacity: z.number().min(0).max(1),
    transparent: z.boolean(),
    wireframe: z.boolean(),
    showTextName: z.boolean(),
    textPosition: z.enum(LAYER_TEXT_POSITIONS),
    textFontSize: z.number().min(LAYER_FONT_SIZE_MIN).max(LAYER_FONT_SIZE_MAX),
    enableAxis: z.boolean(),
    enableVerticalLines: z.boolean(),
    xAxisLabel: axisText(60),
    yAxisLabel: axisText(60),
    xAxisValues: axisText(500),
    xAxisUseDateRange: z.boolean(),
    xAxisStartDate: isoDay,
    xAxisEndDate: isoDay,
    xAxisNumTicks: ticks,
    yAxisValues: axisText(500),
    yAxisUseRange: z.boolean(),
    yAxisStartValue: z.number(),
    yAxisEndValue: z.number(),
    yAxisNumTicks: ticks,
  })
  .strip()
  .refine((layer) => layer.xAxisEndDate >= layer.xAxisStartDate, {
    message: MAP_MESSAGES.layerDateRange,
    path: ['xAxisEndDate'],
  });

const coordinate = z.number().finite().min(-1e7).max(1e7);
export const mapPositionsSchema = z
  .record(nodeKey, z.object({ x: coordinate, y: coordinate, z: coordinate.optional() }).strip())
  .refine(
    (positions) => Object.keys(positions).length <= MAP_POSITIONS_MAX,
    MAP_MESSAGES.tooManyNodes,
  );

export const createMapSchema = z
  .object({
    spaceId: id.nullish(),
    problemId: id.nullish(),
    name: mapNameSchema,
    description: mapDescriptionSchema.nullish().transform((text) => text ?? ''),
    type: mapTypeSchema,
    graphTypes: graphTypesSchema.nullish().transform((types) => types ?? []),
    isPrivate: z
      .boolean()
      .nullish()
      .transform((flag) => flag ?? false),
    copyEnabled: z
      .boolean()
      .nullish()
      .transform((flag) => flag ?? true),
    cldsEnabled: z
      .boolean()
      .nullish()
      .transform((flag) => flag ?? true),
    filters: mapFiltersSchema.nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.type === 'graph' && input.graphTypes.length === 0)
      ctx.addIssue({
        code: 'custom',
        message: MAP_MESSAGES.graphTypeRequired,
        path: ['graphTypes'],
      });
  })
  .transform((input) => ({
    ...input,
    // Only graph maps have 2D and 3D views; a recipe is a 2D graph.
    graphTypes: input.type === 'graph' ? input.graphTypes : [],
    filters: input.filters ?? DEFAULT_MAP_FILTERS,
  }));
export type CreateMapInput = z.output<typeof createMapSchema>;

export const updateMapSchema = z.object({
  /**
   * The version the editor loaded. Optional: the spec's REST save sends none, and then only the
   * map's description and settings apply whatever changed since; its graph only while nothing
   * has (see updateMap).
   */
  version: z.number({ error: MAP_MESSAGES.stale }).int().min(1).optional(),
  /** Never changes: an edit naming another type is refused with typeFixed (REST sends it). */
  type: mapTypeSchema.optional(),
  name: mapNameSchema.optional(),
  description: mapDescriptionSchema.optional(),
  graphTypes: graphTypesSchema.optional(),
  isPrivate: z.boolean().optional(),
  copyEnabled: z.boolean().optional(),
  cldsEnabled: z.boolean().optional(),
  filters: mapFiltersSchema.optional(),
  settings: mapSettingsSchema.optional(),
  layers: z.array(mapLayerSchema).max(MAP_LAYERS_MAX).optional(),
  links: z.array(mapLinkSchema).max(MAP_LINKS_MAX, MAP_MESSAGES.tooManyLinks).optional(),
  positions2d: mapPositionsSchema.optional(),
  positions3d: mapPositionsSchema.optional(),
  excluded: z.array(nodeKey).max(MAP_POSITIONS_MAX, MAP_MESSAGES.tooManyNodes).optional(),
  zoomLevel: z.number().min(0.01).max(100).nullish(),
  collaboratorIds: z
    .array(id)
    .max(MAP_COLLABORATORS_MAX, MAP_MESSAGES.collaboratorsMax)
    .transform((ids) => [...new Set(ids)])
    .optional(),
});
export type UpdateMapInput = z.output<typeof updateMapSchema>;

export const mapListSchema = z.object({
  spaceId: id.nullish(),
  problemId: id.nullish(),
  mine: z.boolean().nullish(),
  authorId: id.nullish(),
  type: mapTypeSchema.nullish(),
  orderBy: z
    .enum(MAP_SORTS, { error: MAP_MESSAGES.sortInvalid })
    .nullish()
    .transform((sort) => sort ?? 'recent'),
  after: cursorSchema.nullish(),
  first: z.number().int().nullish(),
});

/** The viewer's last saved graph map (/bumpscapes): of a space, in one view when given. */
export const lastMapSchema = z.object({
  spaceId: id.nullish(),
  graphType: z.enum(GRAPH_TYPES, { error: MAP_MESSAGES.graphTypeRequired }).nullish(),
});

/** The caps a caller may lower (never raise) when asking for a map's loops. */
export const loopOptionsSchema = z.object({
  maxLength: z.number().int().min(1).max(LOOP_MAX_LENGTH).nullish(),
  maxLoops: z.number().int().min(1).max(LOOP_MAX_COUNT).nullish(),
});

export const waypointSchema = z.object({
  name: z
    .string({ error: MAP_MESSAGES.waypointNameRequired })
    .trim()
    .min(1, MAP_MESSAGES.waypointNameRequired)
    .max(WAYPOINT_NAME_MAX, { message: MAP_MESSAGES.nameMax, abort: true }),
  description: z
    .string()
    .trim()
    .max(WAYPOINT_DESCRIPTION_MAX, { message: MAP_MESSAGES.descriptionMax, abort: true })
    .nullish()
    .transform((text) => text ?? ''),
});

/** A map file (the export), as import takes it: every part checked as an update would be. */
export const mapImportSchema = z.object(
  {
    format: z.literal(MAP_EXPORT_FORMAT, { error: MAP_MESSAGES.importInvalid }),
    version: z.literal(MAP_EXPORT_VERSION, { error: MAP_MESSAGES.importInvalid }),
    map: z.object({
      name: mapNameSchema,
      description: mapDescriptionSchema.default(''),
      type: mapTypeSchema,
      graphTypes: graphTypesSchema.default([]),
      cldsEnabled: z.boolean().default(true),
      settings: mapSettingsSchema.default(DEFAULT_MAP_SETTINGS),
      layers: z.array(mapLayerSchema).max(MAP_LAYERS_MAX).default([]),
      filters: mapFiltersSchema.default(DEFAULT_MAP_FILTERS),
      links: z.array(mapLinkSchema).max(MAP_LINKS_MAX, MAP_MESSAGES.tooManyLinks).default([]),
      positions2d: mapPositionsSchema.default({}),
      positions3d: mapPositionsSchema.default({}),
      excluded: z.array(nodeKey).max(MAP_POSITIONS_MAX).default([]),
    }),
    waypoints: z
      .array(
        z.object({
          key: nodeKey.refine(
            (key) => parseMapNodeKey(key)?.kind === 'waypoint',
            MAP_MESSAGES.linkInvalid,
          ),
          name: waypointSchema.shape.name,
          description: z
            .string()
            .trim()
            .max(WAYPOINT_DESCRIPTION_MAX, { message: MAP_MESSAGES.descriptionMax, abort: true })
            .default(''),
        }),
      )
      .max(MAP_WAYPOINTS_MAX, MAP_MESSAGES.tooManyWaypoints)
      .default([]),
    nodes: z
      .array(
        z.object({
          // Import ignores these (they are for people reading the file), but reads no more.
          key: z.string().max(200, { message: MESSAGES.invalidValue, abort: true }),
          kind: z.enum(MAP_NODE_KINDS),
          label: z
            .string()
            .max(MAP_DESCRIPTION_MAX, { message: MESSAGES.invalidValue, abort: true }),
        }),
      )
      .default([]),
  },
  { error: MAP_MESSAGES.importInvalid },
);
export type MapImport = z.output<typeof mapImportSchema>;

/** A waypoint list: the viewer's own or a space's, keyset paged. */
export const waypointListSchema = z.object({
  scope: z.enum(WAYPOINT_SCOPES),
  spaceId: id.nullish(),
  after: cursorSchema.nullish(),
  first: z.number().int().nullish(),
});
