import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Context } from '../../context';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { problemSolutions, solutions, spaces, users } from '../../db/schema';
import { AUTHOR_COLUMNS } from '../users/user.rows';
import { follow } from '../../live/follow';
import type { LiveFeed } from '../../live/hub';
import { liveEngagementColumn } from '../posts/engagement-columns';
import { readableProblem } from '../problems/problem.service';
import type { SpaceAccess } from '../spaces/space.policy';
import { resolveActiveSpace } from '../spaces/space.service';
import { solutionListedIn, type LiveSolution } from './solution.policy';

/** The solution with its author and its space's privacy, in one statement per event and process. */
function liveSolutionStatement(db: Db, name: string, condition: SQL) {
  return preparedStatement(db, name, (db, name) =>
    db
      .select({
        ...getTableColumns(solutions),
        author: AUTHOR_COLUMNS,
        space: { id: spaces.id, isPrivate: spaces.isPrivate },
        engagement: liveEngagementColumn('solutions', solutions.id),
      })
      .from(solutions)
      .innerJoin(spaces, eq(spaces.id, solutions.spaceId))
      .leftJoin(users, eq(users.id, solutions.authorId))
      .where(and(eq(solutions.id, sql.placeholder('solutionId')), condition))
      .prepare(name),
  );
}

const solutionsInSpace: LiveFeed<'solutionInSpace', LiveSolution> = {
  topic: 'solutionInSpace',
  async load(db, { solutionId }) {
    const [row] = await liveSolutionStatement(db, 'live_solution', sql`true`).execute({
      solutionId,
    });
    return row ?? null;
  },
};

/** On a problem's tab only while the link stands (an unlink may have followed the event). */
const linkedToChannelProblem = sql`exists (select 1 from ${problemSolutions} where ${problemSolutions.solutionId} = ${solutions.id} and ${problemSolutions.problemId} = ${sql.placeholder('problemId')})`;

const solutionsOnProblem: LiveFeed<'solutionOnProblem', LiveSolution> = {
  topic: 'solutionOnProblem',
  async load(db, { solutionId }, problemId) {
    const statement = liveSolutionStatement(db, 'live_solution_on_problem', linkedToChannelProblem);
    const [row] = await statement.execute({
      solutionId,
      problemId,
    });
    return row ?? null;
  },
};

/**
 * A live list: a space's solutions, or a problem's Solutions tab when `problemId` is given (a
 * problem the viewer may read, else NOT_FOUND at once), checked against this viewer per event.
 */
export async function solutionsAddedTo(
  ctx: Context,
  where: { spaceId?: string | null; problemId?: string | null },
): Promise<AsyncIterableIterator<LiveSolution>> {
  const shown = (solution: LiveSolution, access: SpaceAccess) => solutionListedIn(access, solution);
  if (where.problemId) {
    const problem = await readableProblem(ctx, where.problemId);
    return follow(ctx, solutionsOnProblem, problem.id, shown);
  }
  const space = await resolveActiveSpace(ctx, where.spaceId);
  return follow(ctx, solutionsInSpace, space.id, shown);
}
