import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { problemParticipants, problemSolutions, problems, solutions } from '../../db/schema';
import { registerAccountRemover } from '../users/account-removers';

/**
 * Stored counters of problems. Every write that changes what one counts calls the function for
 * its kind of change inside its transaction, after it has locked its own item row (or changed
 * rows conditionally), so a counter moves exactly as often as its rows do. Problem rows are
 * locked in id order, after the item row: a story or solution first, then its problems.
 */

/** Locks problem rows (in id order) whose counters this transaction is about to change. */
export async function lockProblems(tx: DbOrTx, problemIds: readonly string[]) {
  if (problemIds.length === 0) return;
  // `no key update` is what an UPDATE of a counter takes: it does not wait on inserts of rows
  // that reference the problem (joins, links, stories), which hold `key share` on it.
  await tx
    .select({ id: problems.id })
    .from(problems)
    .where(inArray(problems.id, [...new Set(problemIds)]))
    .orderBy(asc(problems.id))
    .for('no key update');
}

/** What a story contributes to problems.total_stories: one to its problem while it is listed. */
export interface StoryOnProblem {
  problemId: string | null;
  /** Published and approved. */
  listed: boolean;
}

/**
 * problems.total_stories when a story is created (before = null), edited (posted to or taken off
 * a problem, published or unpublished) or deleted (after = null).
 */
export async function syncProblemStories(
  tx: DbOrTx,
  before: StoryOnProblem | null,
  after: StoryOnProblem | null,
) {
  const counted = (story: StoryOnProblem | null) => (story?.listed ? story.problemId : null);
  const was = counted(before);
  const now = counted(after);
  if (was === now) return;
  const steps = new Map<string, number>();
  if (was) steps.set(was, -1);
  if (now) steps.set(now, +1);
  for (const [problemId, step] of [...steps].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await tx
      .update(problems)
      .set({ totalStories: sql`greatest(${problems.totalStories} + ${step}, 0)` })
      .where(eq(problems.id, problemId));
  }
}

/**
 * problems.total_participants moves by the membership rows a join (+1) or leave (-1) really
 * inserted or deleted: pass the problem ids an `insert … on conflict do nothing returning` or a
 * `delete … returning` gave back.
 */
export async function stepProblemParticipants(
  tx: DbOrTx,
  problemIds: readonly string[],
  step: 1 | -1,
) {
  if (problemIds.length === 0) return;
  await lockProblems(tx, problemIds);
  await tx
    .update(problems)
    .set({ totalParticipants: sql`greatest(${problems.totalParticipants} + ${step}, 0)` })
    .where(inArray(problems.id, [...problemIds]));
}

/**
 * problems.total_solutions counts the listed (published, approved) solutions linked to a problem,
 * total_solvers their distinct named authors (as the solvers list shows them). They are recounted
 * from the links rather than stepped, which keeps them right through links, unlinks, publishing
 * and deletes alike; the problems are locked first, so the recount (a statement of its own) sees
 * every link that a concurrent write committed while this one waited.
 */
export async function refreshSolutionCounters(
  tx: DbOrTx,
  problemIds: readonly string[],
): Promise<void> {
  if (problemIds.length === 0) return;
  await lockProblems(tx, problemIds);
  const linked = sql`from ${problemSolutions} join ${solutions} on ${solutions.id} = ${problemSolutions.solutionId}
    where ${problemSolutions.problemId} = ${problems.id} and ${solutions.isDraft} = false
      and ${solutions.isApproved} = true and ${solutions.isHidden} = false`;
  await tx
    .update(problems)
    .set({
      totalSolutions: sql`(select count(*)::int ${linked})`,
      totalSolvers: sql`(select count(distinct ${solutions.authorId})::int ${linked}
        and ${solutions.isAnonymousPost} = false)`,
    })
    .where(inArray(problems.id, [...new Set(problemIds)]));
}

/**
 * Takes a person out of every problem they joined (an account's deletion, in its transaction):
 * each of those problems counts one participant fewer.
 */
export async function leaveAllProblems(tx: DbOrTx, userId: string): Promise<void> {
  const joined = await tx
    .delete(problemParticipants)
    .where(eq(problemParticipants.userId, userId))
    .returning({ problemId: problemParticipants.problemId });
  await stepProblemParticipants(
    tx,
    joined.map((row) => row.problemId),
    -1,
  );
}
registerAccountRemover('problem-participants', leaveAllProblems);
