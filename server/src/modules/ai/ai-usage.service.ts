import { and, desc, eq, sql, sum } from 'drizzle-orm';
import { AI_MESSAGES } from '@rules';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { aiConfigs, aiUsage } from '../../db/schema';
import { AppError } from '../../errors';
import { aiMonthlyTokenCap } from '../billing';
import { requireSessionViewer } from './ai-access';

/**
 * What a person spent through the AI helpers, per config and calendar month (UTC), and the
 * monthly cap (AI_MONTHLY_TOKEN_CAP, larger for premium accounts: billing/allowances.ts) that
 * stops further calls. The cap is checked before a call and the spending recorded after it, so
 * one call may pass the cap by its own size; the next is refused.
 */

/** Tokens one call used, as the providers count them. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export const NO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };

export const addUsage = (a: TokenUsage, b: TokenUsage): TokenUsage => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
});

/** 'YYYY-MM' of `at` in UTC. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The first instant of the next UTC month: when a spent allowance renews. */
const nextMonthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1));

async function spentThisMonth(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db
    .select({ total: sum(sql<number>`${aiUsage.inputTokens} + ${aiUsage.outputTokens}`) })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.month, monthOf(now))));
  return Number(row?.total ?? 0);
}

/** Refuses a call once the person has spent the month's cap, saying when it renews. */
export async function assertWithinCap(ctx: Context, userId: string) {
  const now = new Date();
  const cap = await aiMonthlyTokenCap(ctx, userId);
  if ((await spentThisMonth(ctx.db, userId, now)) < cap) return;
  const retryAfterSeconds = Math.ceil((nextMonthStart(now).getTime() - now.getTime()) / 1000);
  throw new AppError('RATE_LIMITED', AI_MESSAGES.capReached, { retryAfterSeconds });
}

/** Adds one call's tokens to the person's month for that config (one statement, race-free). */
export async function recordUsage(db: DbOrTx, userId: string, configId: string, usage: TokenUsage) {
  const row = {
    userId,
    configId,
    month: monthOf(new Date()),
    inputTokens: Math.max(0, Math.round(usage.inputTokens)),
    outputTokens: Math.max(0, Math.round(usage.outputTokens)),
    calls: 1,
  };
  await db
    .insert(aiUsage)
    .values(row)
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.month, aiUsage.configId],
      set: {
        inputTokens: sql`${aiUsage.inputTokens} + excluded.input_tokens`,
        outputTokens: sql`${aiUsage.outputTokens} + excluded.output_tokens`,
        calls: sql`${aiUsage.calls} + 1`,
      },
    });
}

/** One config's spending this month; `name` is null for a config since deleted. */
export interface AiUsageRow extends TokenUsage {
  configId: string;
  name: string | null;
  calls: number;
}

export interface AiUsageView extends TokenUsage {
  month: string;
  cap: number;
  calls: number;
  byConfig: AiUsageRow[];
}

/** The viewer's spending this month, in total and per config (the largest first). */
export async function myAiUsage(ctx: Context): Promise<AiUsageView> {
  const viewer = requireSessionViewer(ctx);
  const month = monthOf(new Date());
  const byConfig = await ctx.db
    .select({
      configId: aiUsage.configId,
      name: aiConfigs.name,
      inputTokens: aiUsage.inputTokens,
      outputTokens: aiUsage.outputTokens,
      calls: aiUsage.calls,
    })
    .from(aiUsage)
    .leftJoin(
      aiConfigs,
      and(eq(aiConfigs.id, aiUsage.configId), eq(aiConfigs.userId, aiUsage.userId)),
    )
    .where(and(eq(aiUsage.userId, viewer.id), eq(aiUsage.month, month)))
    .orderBy(desc(sql`${aiUsage.inputTokens} + ${aiUsage.outputTokens}`), aiUsage.configId);
  return {
    month,
    cap: await aiMonthlyTokenCap(ctx, viewer.id),
    inputTokens: byConfig.reduce((total, row) => total + row.inputTokens, 0),
    outputTokens: byConfig.reduce((total, row) => total + row.outputTokens, 0),
    calls: byConfig.reduce((total, row) => total + row.calls, 0),
    byConfig,
  };
}
