import { randomUUID } from 'node:crypto';
import {
  MAP_LINKS_MAX,
  MAP_MESSAGES,
  MAP_NAME_MAX,
  RATE_LIMITS,
  createMapSchema,
  mapNameSchema,
  parseMapNodeKey,
  updateMapSchema,
  type GraphType,
  type MapLink,
  type UpdateMapInput,
} from '@rules';
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { limitedWrite } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { mapCollaborators, maps, spaceParticipants, spaces, users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { readableProblem } from '../problems/problem.service';
import { activeMemberIn } from '../spaces/space.policy';
import { resolveActiveSpace } from '../spaces/space.service';
import { requireWriter } from '../../auth/guards';
import { syncProblemRecipes } from './map-counters';
import { carriedLayout, newWaypoints, waypointSourcesOf } from './map-layout.service';
import { linkEndpoints, seenKeysOn } from './map-nodes.service';
import { problemIdOf } from './map-path';
import {
  canCopyMap,
  canDeleteMap,
  canEditMap,
  MAP_COLUMNS,
  mapReadableBy,
  type MapRow,
} from './map.policy';
import { registerAccountRemover } from '../users/account-removers';

export const noEditPermission = () => new AppError('FORBIDDEN', MAP_MESSAGES.noEditPermission);

const stale = (version: number) => new AppError('CONFLICT', MAP_MESSAGES.stale, { version });

const graphTypeRequired = () =>
  new AppError('BAD_USER_INPUT', MAP_MESSAGES.graphTypeRequired, { field: 'graphTypes' });

/** A map the viewer may read, or NOT_FOUND (exactly like a missing one). */
export async function readableMap(ctx: Context, id: string, db: DbOrTx = ctx.db): Promise<MapRow> {
  const [map] = await db
    .select(MAP_COLUMNS)
    .from(maps)
    .where(and(eq(maps.id, id), mapReadableBy(ctx.viewer)));
  if (!map) throw notFound();
  return map;
}

/** Tells live viewers of a map that it was saved or deleted (after the write committed). */
export const announceMapSaved = (ctx: Context, mapId: string) =>
  ctx.pubsub.publish('progressMap', mapId, { mapId });

/** Where a map goes: a recipe in its problem's space (a 2D graph); any other map in its space. */
export async function placeOf(
  ctx: Context,
  input: { spaceId?: string | null; problemId?: string | null; type: string },
): Promise<{ spaceId: string; problemId: string | null }> {
  if (!input.problemId) {
    return { spaceId: (await resolveActiveSpace(ctx, input.spaceId)).id, problemId: null };
  }
  const problem = await readableProblem(ctx, problemIdOf(input.problemId));
  if (input.type !== 'graph')
    throw new AppError('BAD_USER_INPUT', MAP_MESSAGES.recipeGraphOnly, { field: 'type' });
  return { spaceId: problem.spaceId, problemId: problem.id };
}

/** A recipe is a 2D graph: it needs no graph type chosen and gets only 2D. */
const RECIPE_GRAPH_TYPES: GraphType[] = ['2D'];

/** The fields a create input gives, a recipe's graph types filled in before the rules check. */
function createFields(input: unknown) {
  const fields = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  return fields.problemId
    ? { ...fields, graphTypes: fields.graphTypes ?? RECIPE_GRAPH_TYPES }
    : { ...fields };
}

type NewMap = Omit<typeof maps.$inferInsert, 'id' | 'authorId'>;

/**
 * Inserts a map of `authorId` in the caller's transaction and counts it in its problem's recipes.
 * Every new map (created, copied, imported) goes through here.
 */
export async function insertMap(tx: DbOrTx, authorId: string, values: NewMap): Promise<MapRow> {
  const now = new Date();
  const [row] = await tx
    .insert(maps)
    .values({ ...values, id: randomUUID(), authorId, createdAt: now, updatedAt: now })
    .returning();
  await syncProblemRecipes(tx, null, row!);
  return { ...row!, collaboratorIds: [] };
}

/** New maps per person are limited (RATE_LIMITS.mapCreate), counted in the write's transaction. */
export const mapCreation = <T>(ctx: Context, viewerId: string, write: (tx: DbOrTx) => Promise<T>) =>
  limitedWrite(ctx.db, 'map-create', viewerId, RATE_LIMITS.mapCreate, write);

export async function createMap(ctx: Context, input: unknown): Promise<MapRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(createMapSchema, createFields(input));
  const place = await placeOf(ctx, data);
  return mapCreation(ctx, viewer.id, (tx) =>
    insertMap(tx, viewer.id, {
      ...place,
      name: data.name,
      description: data.description,
      type: data.type,
      graphTypes: place.problemId ? RECIPE_GRAPH_TYPES : data.graphTypes,
      isPrivate: data.isPrivate,
      copyEnabled: data.copyEnabled,
      cldsEnabled: data.cldsEnabled,
      filters: data.filters,
    }),
  );
}

export const getMap = (ctx: Context, id: string) => readableMap(ctx, id);

/** The graph types a save leaves: a graph map keeps at least one; other maps and recipes none to choose. */
function graphTypesAfter(map: MapRow, asked: GraphType[] | undefined): GraphType[] | undefined {
  if (asked === undefined || map.type !== 'graph' || map.problemId) return undefined;
  if (asked.length === 0) throw graphTypeRequired();
  return asked;
}

/**
 * Collaborators the author may name: people of the map's space (active participants of a private
 * space; anyone with an account for a public one), never the author. Anyone else: refused.
 */
async function eligibleCollaborators(
  ctx: Context,
  map: MapRow,
  ids: readonly string[],
): Promise<string[]> {
  const wanted = ids.filter((id) => id !== map.authorId);
  if (wanted.length === 0) return [];
  const [space] = await ctx.db
    .select({ isPrivate: spaces.isPrivate })
    .from(spaces)
    .where(eq(spaces.id, map.spaceId));
  const participates = sql`exists (select 1 from ${spaceParticipants} where ${and(
    activeMemberIn(map.spaceId),
    eq(spaceParticipants.userId, users.id),
  )})`;
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), space?.isPrivate ? participates : undefined));
  if (found.length !== wanted.length) {
    throw new AppError('BAD_USER_INPUT', MAP_MESSAGES.collaboratorNotParticipant, {
      field: 'collaboratorIds',
    });
  }
  return wanted;
}

/**
 * The links a save stores: the ones sent, plus stored links to items this editor cannot see (a
 * draft, a hidden post): they were not in what the editor loaded, so a save must not drop them.
 */
async function linksAfterSave(ctx: Context, map: MapRow, sent: MapLink[]): Promise<MapLink[]> {
  if (map.links.length === 0) return sent;
  const seen = await seenKeysOn(ctx.db, ctx.viewer, map, linkEndpoints(map.links));
  // A waypoint of the map is seen by all its readers: one unseen is gone, and so are its links.
  const unseenItem = (key: string) => !seen.has(key) && parseMapNodeKey(key)?.kind !== 'waypoint';
  const sentIds = new Set(sent.map((link) => link.id));
  const kept = map.links.filter(
    (link) => !sentIds.has(link.id) && (unseenItem(link.source) || unseenItem(link.target)),
  );
  const links = [...sent, ...kept];
  if (links.length > MAP_LINKS_MAX)
    throw new AppError('BAD_USER_INPUT', MAP_MESSAGES.tooManyLinks, { field: 'links' });
  return links;
}

/** What the editor draws: a save of any of these may overwrite someone else's drawing. */
const GRAPH_FIELDS = ['links', 'positions2d', 'positions3d', 'excluded'] as const;

/** A new map's version: nothing has been saved over it since it was made. */
const FIRST_VERSION = 1;

/**
 * The version a save may apply over. The editor names the one it loaded. A save without one (the
 * spec's REST payload) applies its name, description, privacy, settings and layers over whatever
 * is there now; but its graph (links, positions, exclusions) only while nothing has been saved
 * since the map was made, since it cannot say what it started from: otherwise CONFLICT with the
 * current version, which the client sends again.
 */
function baseVersion(map: MapRow, data: UpdateMapInput): number {
  if (data.version !== undefined) return data.version;
  const drawsGraph = GRAPH_FIELDS.some((field) => data[field] !== undefined);
  return drawsGraph ? FIRST_VERSION : map.version;
}

/**
 * A save. One conditional update checks the version it applies over (`baseVersion`) and moves it
 * by one, so of two saves of one version exactly one wins and the other is refused (CONFLICT with
 * the current version) having changed nothing. Collaborators: the author only.
 */
export async function updateMap(ctx: Context, id: string, input: unknown): Promise<MapRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(updateMapSchema, input);
  const map = await readableMap(ctx, id);
  if (!canEditMap(viewer, map)) throw noEditPermission();
  if (data.type !== undefined && data.type !== map.type)
    throw new AppError('BAD_USER_INPUT', MAP_MESSAGES.typeFixed, { field: 'type' });
  if (data.collaboratorIds !== undefined && !canDeleteMap(viewer, map)) throw noEditPermission();
  const version = baseVersion(map, data);
  if (version !== map.version) throw stale(map.version);
  const graphTypes = graphTypesAfter(map, data.graphTypes);
  const collaboratorIds =
    data.collaboratorIds && (await eligibleCollaborators(ctx, map, data.collaboratorIds));
  const links = data.links && (await linksAfterSave(ctx, map, data.links));

  // Saves per person are limited (RATE_LIMITS.mapSave): each rewrites the map and reloads its viewers.
  const saved = await limitedWrite(
    ctx.db,
    'map-save',
    viewer.id,
    RATE_LIMITS.mapSave,
    async (tx) => {
      const [row] = await tx
        .update(maps)
        .set({
          name: data.name,
          description: data.description,
          graphTypes,
          isPrivate: data.isPrivate,
          copyEnabled: data.copyEnabled,
          cldsEnabled: data.cldsEnabled,
          filters: data.filters,
          settings: data.settings,
          layers: data.layers,
          links,
          positions2d: data.positions2d,
          positions3d: data.positions3d,
          excluded: data.excluded,
          zoomLevel: data.zoomLevel,
          version: sql`${maps.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(maps.id, id), eq(maps.version, version)))
        .returning();
      if (!row) {
        const [current] = await tx
          .select({ version: maps.version })
          .from(maps)
          .where(eq(maps.id, id));
        if (!current) throw notFound();
        throw stale(current.version);
      }
      if (collaboratorIds) await replaceCollaborators(tx, id, collaboratorIds);
      // The version matched, so `map` is the row exactly as this update found it.
      await syncProblemRecipes(tx, map, row);
      return { ...row, collaboratorIds: collaboratorIds ?? map.collaboratorIds };
    },
  );
  announceMapSaved(ctx, id);
  return saved;
}

async function replaceCollaborators(tx: DbOrTx, mapId: string, userIds: readonly string[]) {
  await tx
    .delete(mapCollaborators)
    .where(
      and(
        eq(mapCollaborators.mapId, mapId),
        userIds.length ? notInArray(mapCollaborators.userId, [...userIds]) : undefined,
      ),
    );
  if (userIds.length === 0) return;
  await tx
    .insert(mapCollaborators)
    .values(userIds.map((userId) => ({ mapId, userId })))
    .onConflictDoNothing();
}

/**
 * Deletes the maps `where` selects, in the caller's transaction, and takes them out of their
 * problems' recipe counters; `delete … returning` names exactly the rows this statement removed.
 * Waypoints and collaborators go by cascade, bookmarks by the maps' trigger (migration 0009).
 */
export async function removeMaps(tx: DbOrTx, where: SQL) {
  const removed = await tx.delete(maps).where(where).returning();
  for (const map of removed) await syncProblemRecipes(tx, map, null);
  return removed;
}
registerAccountRemover('maps', (tx, userId) => removeMaps(tx, eq(maps.authorId, userId)));

/**
 * The author deletes a map. `problemPath` is the REST row's `path=problems/{id}`: when given, it
 * must name the recipe's problem. Of parallel deletes, one deletes it; the others find it gone.
 */
export async function deleteMap(
  ctx: Context,
  id: string,
  problemPath?: string | null,
): Promise<void> {
  const viewer = requireWriter(ctx);
  const map = await readableMap(ctx, id);
  if (problemPath && map.problemId !== problemIdOf(problemPath)) throw notFound();
  if (!canDeleteMap(viewer, map)) throw noEditPermission();
  const removed = await ctx.db.transaction((tx) => removeMaps(tx, eq(maps.id, id)));
  if (removed.length === 0) throw notFound();
  announceMapSaved(ctx, id);
}

/**
 * Save As: the copy is the copier's, in the same space (a recipe's copy stays on its problem),
 * public, with the same layout as the copier sees it and its own new waypoints.
 */
export async function copyMap(ctx: Context, id: string, name?: string | null): Promise<MapRow> {
  const viewer = requireWriter(ctx);
  const map = await readableMap(ctx, id);
  if (!canCopyMap(viewer, map)) throw new AppError('FORBIDDEN', MAP_MESSAGES.copyDisabled);
  const copyName = name
    ? parseInput(mapNameSchema, name, 'name')
    : `Copy of ${map.name}`.slice(0, MAP_NAME_MAX);
  const copies = newWaypoints(await waypointSourcesOf(ctx, map.id));
  const layout = await carriedLayout(ctx, map.spaceId, map, copies.keys);
  return mapCreation(ctx, viewer.id, async (tx) => {
    const copy = await insertMap(tx, viewer.id, {
      spaceId: map.spaceId,
      problemId: map.problemId,
      name: copyName,
      description: map.description,
      type: map.type,
      graphTypes: map.graphTypes,
      isPrivate: false,
      copyEnabled: true,
      cldsEnabled: map.cldsEnabled,
      filters: map.filters,
      settings: map.settings,
      layers: map.layers,
      zoomLevel: map.zoomLevel,
      ...layout,
    });
    await copies.insert(tx, copy, viewer.id);
    return copy;
  });
}
