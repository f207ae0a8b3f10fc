import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
// Relative paths: drizzle-kit reads this file without the project's path aliases.
import {
  DEFAULT_MAP_FILTERS,
  DEFAULT_MAP_SETTINGS,
  MAP_TYPES,
  type GraphType,
  type MapFilters,
  type MapLayer,
  type MapLink,
  type MapPositions,
  type MapSettings,
} from '../../../../schema/rules/maps';
import { problems } from './problems';
import { spaces } from './spaces';
import { users } from './users';
import { cascadeRef, createdAtColumn, updatedAtColumn } from './columns';

/**
 * Progress maps ("views"): a map is a view of its space's content (schema/rules/maps.ts). Its
 * nodes come from the space when it is read; a map stores only what people drew and arranged:
 * positions, custom links, layers, settings, filters and the items taken out of it (`excluded`).
 * A recipe is a map with `problem_id` set.
 */
export const maps = pgTable(
  'maps',
  {
    id: text('id').primaryKey(),
    spaceId: cascadeRef('space_id', () => spaces.id),
    authorId: cascadeRef('author_id', () => users.id),
    /** A recipe's problem (in the same space); null for every other map. */
    problemId: text('problem_id').references(() => problems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: MAP_TYPES }).notNull(),
    graphTypes: text('graph_types')
      .array()
      .$type<GraphType[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPrivate: boolean('is_private').notNull().default(false),
    copyEnabled: boolean('copy_enabled').notNull().default(true),
    cldsEnabled: boolean('clds_enabled').notNull().default(true),
    /** Optimistic concurrency: every save names the version it started from and moves it by one. */
    version: integer('version').notNull().default(1),
    filters: jsonb('filters').$type<MapFilters>().notNull().default(DEFAULT_MAP_FILTERS),
    settings: jsonb('settings').$type<MapSettings>().notNull().default(DEFAULT_MAP_SETTINGS),
    layers: jsonb('layers').$type<MapLayer[]>().notNull().default([]),
    links: jsonb('links').$type<MapLink[]>().notNull().default([]),
    positions2d: jsonb('positions2d').$type<MapPositions>().notNull().default({}),
    positions3d: jsonb('positions3d').$type<MapPositions>().notNull().default({}),
    /** Node keys the author took out of the map. */
    excluded: jsonb('excluded').$type<string[]>().notNull().default([]),
    zoomLevel: doublePrecision('zoom_level'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    // The lists: a space's maps newest saved first, or by name (A-Z, Z-A), keyset on id.
    index('maps_space_recent_idx').on(table.spaceId, table.updatedAt, table.id),
    index('maps_space_name_idx').on(table.spaceId, sql`lower(${table.name})`, table.id),
    index('maps_author_idx').on(table.authorId, table.updatedAt, table.id),
    index('maps_problem_idx').on(table.problemId, table.updatedAt, table.id),
  ],
);

/** People the author lets edit a map (not delete it). */
export const mapCollaborators = pgTable(
  'map_collaborators',
  {
    mapId: cascadeRef('map_id', () => maps.id),
    userId: cascadeRef('user_id', () => users.id),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.mapId, table.userId] }),
    index('map_collaborators_user_idx').on(table.userId),
  ],
);

/** A map's own nodes (custom nodes, a recipe's steps), keyed `waypoint:<id>` on the map. */
export const waypoints = pgTable(
  'waypoints',
  {
    id: text('id').primaryKey(),
    mapId: cascadeRef('map_id', () => maps.id),
    /** The map's space, copied so the lists per space need no join through the map. */
    spaceId: cascadeRef('space_id', () => spaces.id),
    authorId: cascadeRef('author_id', () => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('waypoints_author_idx').on(table.authorId, table.createdAt, table.id),
    index('waypoints_space_idx').on(table.spaceId, table.createdAt, table.id),
    index('waypoints_map_idx').on(table.mapId, table.createdAt),
  ],
);
