import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { solutionListSchema, type SolutionSort, type TimeRangeInput } from '@rules';
import type { Context } from '../../context';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { problemSolutions, solutions, solutionVotes } from '../../db/schema';
import { timeRangeCondition } from '../../db/time-range';
import { parseInput } from '../../errors';
import { readableProblem } from '../problems/problem.service';
import { keysetSorts } from '../posts/post-sort';
import { resolveActiveSpace } from '../spaces/space.service';
import { solutionListedFor, solutionReadableBy, type SolutionRow } from './solution.policy';
import { requireViewer } from '../../auth/guards';

/** The solution is linked to this problem (shows on its Solutions tab). */
const linkedToProblem = (problemId: string) =>
  sql`${solutions.id} in (select ${problemSolutions.solutionId} from ${problemSolutions} where ${problemSolutions.problemId} = ${problemId})`;

/** A solutions list as a transport received it; listSolutions parses it by solutionListSchema. */
export interface SolutionListInput extends TimeRangeInput {
  list?: string | null;
  problemId?: string | null;
  orderBy?: string | null;
  spaceId?: string | null;
  after?: string | null;
  first?: number | null;
}

const solutionSort = keysetSorts<typeof solutions, SolutionSort>(solutions, {
  recent: 'createdAt',
  upvotes: 'totalUpvotes',
  downvotes: 'totalDownvotes',
});

/**
 * Solutions of a space (recent), of a problem (problemId), or the viewer's own across spaces
 * (mysolutions, drafts and anonymous posts included), sorted by recency or votes, keyset paged.
 */
export async function listSolutions(
  ctx: Context,
  input: SolutionListInput,
): Promise<Page<SolutionRow>> {
  const size = pageSize(input.first, ctx.pageSizeMax);
  const { list, orderBy } = parseInput(solutionListSchema, input);
  const { column: sortColumn, kind, cursorOf } = solutionSort(orderBy);
  const cursor = decodeCursor(input.after, kind);
  const conditions: (SQL | undefined)[] = [];
  if (list === 'mysolutions') {
    const viewer = requireViewer(ctx);
    conditions.push(eq(solutions.authorId, viewer.id), solutionReadableBy(viewer));
  } else if (input.problemId) {
    await readableProblem(ctx, input.problemId);
    conditions.push(solutionListedFor(ctx.viewer), linkedToProblem(input.problemId));
  } else {
    const space = await resolveActiveSpace(ctx, input.spaceId);
    conditions.push(eq(solutions.spaceId, space.id), solutionListedFor(ctx.viewer));
  }
  conditions.push(timeRangeCondition(solutions.createdAt, input));
  conditions.push(afterCursor(sortColumn, solutions.id, cursor));

  const rows = await ctx.db
    .select()
    .from(solutions)
    .where(and(...conditions))
    .orderBy(desc(sortColumn), desc(solutions.id))
    .limit(size + 1);
  return toPage(rows, size, cursorOf);
}

/** The viewer's upvoted solutions of a problem (the Leave Problem wizard's first step). */
export async function upvotedSolutions(ctx: Context, problemId: string): Promise<SolutionRow[]> {
  const viewer = requireViewer(ctx);
  await readableProblem(ctx, problemId);
  const rows = await ctx.db
    .select({ solution: solutions })
    .from(solutions)
    .innerJoin(problemSolutions, eq(problemSolutions.solutionId, solutions.id))
    .innerJoin(
      solutionVotes,
      and(eq(solutionVotes.solutionId, solutions.id), eq(solutionVotes.userId, viewer.id)),
    )
    .where(
      and(
        eq(problemSolutions.problemId, problemId),
        eq(solutionVotes.direction, 'up'),
        solutionReadableBy(viewer),
      ),
    )
    .orderBy(desc(solutions.createdAt), desc(solutions.id));
  return rows.map((row) => row.solution);
}
