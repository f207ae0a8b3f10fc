import { randomUUID } from 'node:crypto';
import {
  MAP_MESSAGES,
  MAP_WAYPOINTS_MAX,
  waypointListSchema,
  waypointSchema,
  type WaypointScope,
} from '@rules';
import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Context } from '../../context';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { maps, waypoints } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { resolveActiveSpace } from '../spaces/space.service';
import { requireViewer, requireWriter } from '../../auth/guards';
import { canEditMap, mapReadableBy, type MapRow } from './map.policy';
import { noEditPermission, readableMap } from './map.service';

/** A waypoint with the name of its map, as lists and mutations answer it. */
export type WaypointRow = typeof waypoints.$inferSelect & { mapName: string };

const WAYPOINT_COLUMNS = { ...getTableColumns(waypoints), mapName: maps.name };

/** A map the viewer may read and edit (its author and collaborators add and change waypoints). */
async function editableMap(ctx: Context, mapId: string): Promise<MapRow> {
  const viewer = requireWriter(ctx);
  const map = await readableMap(ctx, mapId);
  if (!canEditMap(viewer, map)) throw noEditPermission();
  return map;
}

/** A waypoint on a map the viewer may edit; NOT_FOUND when either is unreadable. */
async function editableWaypoint(ctx: Context, id: string) {
  requireWriter(ctx);
  const [waypoint] = await ctx.db
    .select({ mapId: waypoints.mapId })
    .from(waypoints)
    .where(eq(waypoints.id, id));
  if (!waypoint) throw notFound();
  return editableMap(ctx, waypoint.mapId);
}

export async function addWaypoint(
  ctx: Context,
  mapId: string,
  input: unknown,
): Promise<WaypointRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(waypointSchema, input);
  const map = await editableMap(ctx, mapId);
  return ctx.db.transaction(async (tx) => {
    // The map locked: parallel adds take turns, so the count below stays within the limit.
    const [locked] = await tx
      .select({ id: maps.id })
      .from(maps)
      .where(eq(maps.id, map.id))
      .for('no key update');
    if (!locked) throw notFound();
    const [held] = await tx
      .select({ total: count() })
      .from(waypoints)
      .where(eq(waypoints.mapId, map.id));
    if ((held?.total ?? 0) >= MAP_WAYPOINTS_MAX)
      throw new AppError('BAD_USER_INPUT', MAP_MESSAGES.tooManyWaypoints, { field: 'mapId' });
    const [row] = await tx
      .insert(waypoints)
      .values({
        id: randomUUID(),
        mapId: map.id,
        spaceId: map.spaceId,
        authorId: viewer.id,
        name: data.name,
        description: data.description,
      })
      .returning();
    return { ...row!, mapName: map.name };
  });
}

export async function updateWaypoint(
  ctx: Context,
  id: string,
  input: unknown,
): Promise<WaypointRow> {
  const data = parseInput(waypointSchema, input);
  const map = await editableWaypoint(ctx, id);
  const [row] = await ctx.db
    .update(waypoints)
    .set({ name: data.name, description: data.description })
    .where(eq(waypoints.id, id))
    .returning();
  if (!row) throw notFound();
  return { ...row, mapName: map.name };
}

/** Of parallel deletes, the one that removed the row succeeds; the others find it gone. */
export async function deleteWaypoint(ctx: Context, id: string): Promise<void> {
  await editableWaypoint(ctx, id);
  const removed = await ctx.db
    .delete(waypoints)
    .where(eq(waypoints.id, id))
    .returning({ id: waypoints.id });
  if (removed.length === 0) throw notFound();
}

export interface WaypointListInput {
  scope: WaypointScope | string;
  spaceId?: string | null;
  after?: string | null;
  first?: number | null;
}

/**
 * Waypoints of maps the viewer may read, newest first: the viewer's own (`mine`: everywhere, or in
 * `spaceId` when given) or a space's (`space`: the active space when omitted).
 */
export async function listWaypoints(
  ctx: Context,
  input: WaypointListInput,
): Promise<Page<WaypointRow>> {
  const data = parseInput(waypointListSchema, input);
  const size = pageSize(data.first, ctx.pageSizeMax);
  const cursor = decodeCursor(data.after, 'date');
  const mine = data.scope === 'mine' ? requireViewer(ctx).id : null;
  const spaceId = mine && !data.spaceId ? null : (await resolveActiveSpace(ctx, data.spaceId)).id;
  const rows = await ctx.db
    .select(WAYPOINT_COLUMNS)
    .from(waypoints)
    .innerJoin(maps, eq(maps.id, waypoints.mapId))
    .where(
      and(
        mapReadableBy(ctx.viewer),
        mine ? eq(waypoints.authorId, mine) : undefined,
        spaceId ? eq(waypoints.spaceId, spaceId) : undefined,
        afterCursor(waypoints.createdAt, waypoints.id, cursor),
      ),
    )
    .orderBy(desc(waypoints.createdAt), desc(waypoints.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({ value: row.createdAt, id: row.id }));
}
