import { eq, sql } from 'drizzle-orm';
import { explainerCardsInputSchema, explainerPathSchema } from '@rules';
import type { Context } from '../../context';
import { users } from '../../db/schema';
import { parseInput } from '../../errors';
import { requireViewer } from '../../auth/guards';

/** The route paths whose explainer card the viewer hid ('don't show again'), sorted. */
export const hiddenExplainersOf = (hideExplainers: Record<string, boolean>): string[] =>
  Object.keys(hideExplainers)
    .filter((path) => hideExplainers[path])
    .sort();

/** Hides the explainer card of one route path for the viewer (idempotent). */
export async function hideExplainer(ctx: Context, path: unknown): Promise<void> {
  const viewer = requireViewer(ctx);
  const routePath = parseInput(explainerPathSchema, path, 'path');
  // One jsonb merge in the row's own update: two tabs hiding two cards at once both stick.
  await ctx.db
    .update(users)
    .set({
      hideExplainers: sql`${users.hideExplainers} || jsonb_build_object(${routePath}::text, true)`,
    })
    .where(eq(users.id, viewer.id));
}

/** Shows every explainer card again. */
export async function resetExplainers(ctx: Context): Promise<void> {
  const viewer = requireViewer(ctx);
  await ctx.db.update(users).set({ hideExplainers: {} }).where(eq(users.id, viewer.id));
}

/** `POST /user/explainercards { path, reset }`: reset true clears every hide, else hides path. */
export async function updateExplainerCards(ctx: Context, input: unknown): Promise<void> {
  requireViewer(ctx);
  const { reset, path } = parseInput(explainerCardsInputSchema, input ?? {});
  if (reset) await resetExplainers(ctx);
  else await hideExplainer(ctx, path);
}
