import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { problems, spaces } from '../../db/schema';
import { follow } from '../../live/follow';
import type { LiveFeed } from '../../live/hub';
import { resolveActiveSpace } from '../spaces/space.service';
import { problemReadableIn, type ProblemRow } from './problem.policy';

/** A problem as a status-change event carries it, with its space's privacy for the rule. */
export type LiveProblem = ProblemRow & { space: { id: string; isPrivate: boolean } };

/** One statement per event and process. */
async function loadLiveProblem(
  db: Db,
  { problemId }: { problemId: string },
): Promise<LiveProblem | null> {
  const statement = preparedStatement(db, 'live_problem', (db, name) =>
    db
      .select({
        ...getTableColumns(problems),
        space: { id: spaces.id, isPrivate: spaces.isPrivate },
      })
      .from(problems)
      .innerJoin(spaces, eq(spaces.id, problems.spaceId))
      .where(eq(problems.id, sql.placeholder('problemId')))
      .prepare(name),
  );
  const [row] = await statement.execute({ problemId });
  return row ?? null;
}

const statusChanges: LiveFeed<'problemStatus', LiveProblem> = {
  topic: 'problemStatus',
  load: loadLiveProblem,
};

/**
 * Problems of a space (the active one when omitted) as their status changes, each checked against
 * the viewer's access at that moment by the problem's own rule (kanban boards).
 */
export async function problemStatusChangesIn(
  ctx: Context,
  spaceId?: string | null,
): Promise<AsyncIterableIterator<LiveProblem>> {
  const space = await resolveActiveSpace(ctx, spaceId);
  return follow(ctx, statusChanges, space.id, (problem, access) =>
    problemReadableIn(access, problem),
  );
}
