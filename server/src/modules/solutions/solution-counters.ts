import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { solutions } from '../../db/schema';

/**
 * solutions.total_problems moves by the links a write really inserted or deleted (an
 * `insert … on conflict do nothing returning`, a `delete … returning`, or the links a problem's
 * delete removes): `steps` maps solution ids to how many. Solutions are stepped in id order.
 */
export async function stepSolutionProblems(tx: DbOrTx, steps: ReadonlyMap<string, number>) {
  const ordered = [...steps].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [solutionId, step] of ordered) {
    if (step === 0) continue;
    await tx
      .update(solutions)
      .set({ totalProblems: sql`greatest(${solutions.totalProblems} + ${step}, 0)` })
      .where(eq(solutions.id, solutionId));
  }
}
