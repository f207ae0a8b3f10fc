import { lastMapSchema, mapListSchema } from '@rules';
import { and, arrayContains, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { maps } from '../../db/schema';
import { parseInput } from '../../errors';
import { readableProblem } from '../problems/problem.service';
import { resolveActiveSpace } from '../spaces/space.service';
import { requireViewer } from '../../auth/guards';
import { problemIdOf } from './map-path';
import { MAP_COLUMNS, mapEditableBy, mapReadableBy, type MapRow } from './map.policy';

/** The lists of maps: a space's maps directory, a problem's recipes, the viewer's last map. */

export interface MapListInput {
  spaceId?: string | null;
  problemId?: string | null;
  mine?: boolean | null;
  authorId?: string | null;
  type?: string | null;
  orderBy?: string | null;
  after?: string | null;
  first?: number | null;
}

/** A listed map with its sort key (the lower-cased name of the A-Z and Z-A sorts). */
type ListedMap = MapRow & { sortName: string };

const sortName = sql<string>`lower(${maps.name})`;

/**
 * A space's maps (recipes excluded), or a problem's recipes (`problemId`), that the viewer may
 * read; `mine` keeps the viewer's own, `authorId` one person's (REST's My filter), `type` one
 * kind. Newest saved first (recent), or by name (az, za), keyset on (sort value, id).
 */
export async function listMaps(ctx: Context, input: MapListInput): Promise<Page<ListedMap>> {
  const data = parseInput(mapListSchema, input);
  const size = pageSize(data.first, ctx.pageSizeMax);
  const scope = data.problemId
    ? eq(maps.problemId, (await readableProblem(ctx, problemIdOf(data.problemId))).id)
    : and(
        eq(maps.spaceId, (await resolveActiveSpace(ctx, data.spaceId)).id),
        isNull(maps.problemId),
      );
  const authorId = data.mine ? requireViewer(ctx).id : data.authorId;
  const byName = data.orderBy !== 'recent';
  const ascending = data.orderBy === 'az';
  const column = byName ? sortName : maps.updatedAt;
  const cursor = decodeCursor(data.after, byName ? 'text' : 'date');
  const order = ascending ? asc : desc;
  const rows = await ctx.db
    .select({ ...MAP_COLUMNS, sortName })
    .from(maps)
    .where(
      and(
        scope,
        mapReadableBy(ctx.viewer),
        authorId ? eq(maps.authorId, authorId) : undefined,
        data.type ? eq(maps.type, data.type) : undefined,
        afterCursor(column, maps.id, cursor, ascending),
      ),
    )
    .orderBy(order(column), order(maps.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({
    value: byName ? row.sortName : row.updatedAt,
    id: row.id,
  }));
}

/**
 * The viewer's most recently saved graph map of the space they may read (their own or one they
 * collaborate on), with `graphType` when given; null signed out or when there is none.
 */
export async function lastMap(ctx: Context, input: unknown): Promise<MapRow | null> {
  const data = parseInput(lastMapSchema, input);
  const viewer = ctx.viewer;
  if (!viewer) return null;
  const space = await resolveActiveSpace(ctx, data.spaceId);
  const [map] = await ctx.db
    .select(MAP_COLUMNS)
    .from(maps)
    .where(
      and(
        eq(maps.spaceId, space.id),
        isNull(maps.problemId),
        eq(maps.type, 'graph'),
        data.graphType ? arrayContains(maps.graphTypes, [data.graphType]) : undefined,
        mapReadableBy(viewer),
        mapEditableBy(viewer),
      ),
    )
    .orderBy(desc(maps.updatedAt), desc(maps.id))
    .limit(1);
  return map ?? null;
}
