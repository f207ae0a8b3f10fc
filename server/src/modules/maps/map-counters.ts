import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { problems } from '../../db/schema';

/**
 * problems.total_recipes counts a problem's recipes that are not private. Every write that
 * creates, copies, imports, changes the privacy of or deletes a map calls `syncProblemRecipes` in
 * its transaction, after its own row changed (an insert, a conditional update or a `delete …
 * returning`), so the counter moves exactly as often as the rows it counts.
 */

/** What a map contributes to problems.total_recipes: one to its problem while it is public. */
export interface RecipeState {
  problemId: string | null;
  isPrivate: boolean;
}

/** The counter's diff for a map created (before = null), changed, or deleted (after = null). */
export async function syncProblemRecipes(
  tx: DbOrTx,
  before: RecipeState | null,
  after: RecipeState | null,
) {
  const counted = (map: RecipeState | null) => (map && !map.isPrivate ? map.problemId : null);
  const was = counted(before);
  const now = counted(after);
  if (was === now) return;
  const steps = new Map<string, number>();
  if (was) steps.set(was, -1);
  if (now) steps.set(now, (steps.get(now) ?? 0) + 1);
  // Problem rows in id order, like every other counter write, so two writes cannot deadlock.
  for (const [problemId, step] of [...steps].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await tx
      .update(problems)
      .set({ totalRecipes: sql`greatest(${problems.totalRecipes} + ${step}, 0)` })
      .where(eq(problems.id, problemId));
  }
}
