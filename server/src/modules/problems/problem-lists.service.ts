import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  problemListSchema,
  type ProblemSort,
  problemStatusSchema,
  type TimeRangeInput,
} from '@rules';
import type { Context } from '../../context';
import {
  afterCursor,
  decodeCursor,
  pageSize,
  toPage,
  type Cursor,
  type Page,
  mapPage,
} from '../../db/keyset';
import { problemParticipants, problems } from '../../db/schema';
import { timeRangeCondition } from '../../db/time-range';
import { parseInput } from '../../errors';
import { resolveActiveSpace } from '../spaces/space.service';
import { keysetSorts } from '../posts/post-sort';
import {
  chordKeyset,
  fromChord,
  nearnessColumns,
  nearnessSql,
  nearestPage,
  nearestReadLimit,
  parseListPlace,
} from '../places/nearness';
import { problemListedFor, problemReadableBy, type ProblemRow } from './problem.policy';
import { requireViewer } from '../../auth/guards';

/** A problems list as a transport received it; listProblems parses it by problemListSchema. */
export interface ProblemListInput extends TimeRangeInput {
  list?: string | null;
  orderBy?: string | null;
  statuses?: readonly string[] | null;
  spaceId?: string | null;
  /** The viewer's position: needed by the 'location' sort and the nearby filter. */
  position?: { lat: number; lng: number } | null;
  /** 'nearby': only problems within NEARBY_RADIUS_KM of `position`. */
  distance?: string | null;
  after?: string | null;
  first?: number | null;
}

/** A listed problem; lists given a position add its distance (`chord` orders the location sort). */
export type ListedProblem = ProblemRow & { distanceKm: number | null; chord: number | null };

const problemSort = keysetSorts<typeof problems, Exclude<ProblemSort, 'location'>>(problems, {
  recent: 'createdAt',
  recentStatus: 'statusUpdatedAt',
  participants: 'totalParticipants',
  solutions: 'totalSolutions',
  stories: 'totalStories',
});

function statusFilter(statuses: readonly string[] | null | undefined): SQL | undefined {
  if (!statuses?.length) return undefined;
  const valid = statuses.map((status) => parseInput(problemStatusSchema, status, 'statuses'));
  return inArray(problems.status, valid);
}

/**
 * recent and solving list the active space; myproblems (the viewer's own, drafts included) and
 * mypriorities (joined, in the viewer's order) span every space the viewer can read. The location
 * sort lists located problems nearest to the viewer's position first, keyset on (chord distance,
 * id); the nearby filter keeps problems within NEARBY_RADIUS_KM, in any list.
 */
export async function listProblems(
  ctx: Context,
  input: ProblemListInput,
): Promise<Page<ProblemRow | ListedProblem>> {
  const { list, orderBy: sort } = parseInput(problemListSchema, input);
  const size = pageSize(input.first, ctx.pageSizeMax);
  const place = parseListPlace({
    orderBy: input.orderBy,
    position: input.position,
    distance: input.distance,
  });
  const near = place.position && nearnessSql(problems, place.position);
  const filters = and(
    statusFilter(input.statuses),
    timeRangeCondition(problems.createdAt, input),
    place.nearby && near ? near.nearby : undefined,
  );

  // Priorities are ranks (numbers) whatever orderBy says.
  if (list === 'mypriorities')
    return listPriorities(ctx, size, decodeCursor(input.after, 'count'), filters);

  let scope: SQL;
  if (list === 'recent' || list === 'solving') {
    const space = await resolveActiveSpace(ctx, input.spaceId);
    scope = and(eq(problems.spaceId, space.id), problemListedFor(ctx.viewer))!;
    if (list === 'solving') scope = and(scope, eq(problems.status, 'solving'))!;
  } else {
    const viewer = requireViewer(ctx);
    scope = and(eq(problems.authorId, viewer.id), problemReadableBy(viewer))!;
  }

  const columns = { ...getTableColumns(problems), ...nearnessColumns(problems, place.position) };
  if (sort === 'location') {
    // Nearest first: ordered by the chord alone, as the GiST index answers it (KNN); ties are put
    // in id order by nearestPage. parseListPlace made sure there is a position.
    const { chord, located } = near!;
    const cursor = decodeCursor(input.after, chordKeyset.kind);
    const rows = await ctx.db
      .select(columns)
      .from(problems)
      .where(and(scope, filters, located, cursor ? fromChord(chord, cursor) : undefined))
      .orderBy(asc(chord))
      .limit(nearestReadLimit(size));
    return toPage(nearestPage(rows, nearestReadLimit(size), cursor), size, chordKeyset.cursorOf);
  }

  const { column, kind, cursorOf } = problemSort(sort);
  const cursor = decodeCursor(input.after, kind);
  const rows = await ctx.db
    .select(columns)
    .from(problems)
    .where(and(scope, filters, afterCursor(column, problems.id, cursor)))
    .orderBy(desc(column), desc(problems.id))
    .limit(size + 1);
  return toPage(rows, size, cursorOf);
}

/** A missing priority sorts after every set one. */
const UNSET_PRIORITY = 2_147_483_647;

async function listPriorities(
  ctx: Context,
  size: number,
  cursor: Cursor | null,
  filters: SQL | undefined,
) {
  const viewer = requireViewer(ctx);
  const rank = sql<number>`coalesce(${problemParticipants.priority}, ${UNSET_PRIORITY})`;
  const after = cursor
    ? or(
        sql`${rank} > ${cursor.value}`,
        and(sql`${rank} = ${cursor.value}`, sql`${problems.id} > ${cursor.id}`),
      )
    : undefined;
  const rows = await ctx.db
    .select({ problem: problems, rank })
    .from(problemParticipants)
    .innerJoin(problems, eq(problems.id, problemParticipants.problemId))
    .where(
      and(eq(problemParticipants.userId, viewer.id), problemReadableBy(viewer), filters, after),
    )
    .orderBy(asc(rank), asc(problems.id))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({
    value: Number(row.rank),
    id: row.problem.id,
  }));
  return mapPage(page, (row) => row.problem);
}
