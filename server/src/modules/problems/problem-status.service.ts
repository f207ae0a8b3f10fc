import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { problemStatusSchema, RATE_LIMITS } from '@rules';
import { countWithin } from '../../auth/rate-limit';
import type { Context } from '../../context';
import { problemStatusActivity, problems } from '../../db/schema';
import { notFound, parseInput } from '../../errors';
import { notifyStatusChange } from '../notifications/notification-events.service';
import { deliverNotifications } from '../notifications/notify.service';
import type { ProblemRow } from './problem.policy';
import { requireWorker } from './problem-members.service';
import { requireWriter } from '../../auth/guards';

/** A problem's status: changing it, and the history of its changes. */

/** Records when and by whom the status changed; the same status again changes nothing. */
export async function setProblemStatus(
  ctx: Context,
  id: string,
  status: unknown,
): Promise<ProblemRow> {
  const next = parseInput(problemStatusSchema, status, 'status');
  const viewer = requireWriter(ctx);
  await requireWorker(ctx, id);
  let eventId: string | undefined;
  let moved = false;
  const changed = await ctx.db.transaction(async (tx) => {
    // Locked, so two clicks on one status record one change, from the status it really had.
    const [problem] = await tx
      .select()
      .from(problems)
      .where(eq(problems.id, id))
      .for('no key update');
    if (!problem) throw notFound();
    if (problem.status === next) return problem;
    moved = true;
    // Only a real change counts: it notifies the participants and stays in the history.
    await countWithin(tx, 'problem-status', [
      { key: viewer.id, limit: RATE_LIMITS.problemStatus },
      { key: `${viewer.id}:${id}`, limit: RATE_LIMITS.problemStatusPerProblem },
    ]);
    const now = new Date();
    const [row] = await tx
      .update(problems)
      .set({ status: next, statusUpdatedAt: now, updatedAt: now })
      .where(eq(problems.id, id))
      .returning();
    await tx.insert(problemStatusActivity).values({
      id: randomUUID(),
      problemId: id,
      actorId: viewer.id,
      fromStatus: problem.status,
      toStatus: next,
      createdAt: now,
    });
    eventId = await notifyStatusChange(tx, viewer.id, row!);
    return row!;
  });
  deliverNotifications(ctx, eventId);
  // Kanban boards of the space move the card (problem-live.service.ts).
  if (moved) ctx.pubsub.publish('problemStatus', changed.spaceId, { problemId: id });
  return changed;
}

export async function statusActivity(ctx: Context, problem: ProblemRow) {
  return ctx.loaders.problemStatusActivity.load(problem.id);
}
