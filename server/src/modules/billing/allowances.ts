import { PREMIUM_AI_CAP_FACTOR, PREMIUM_UPLOAD_FACTOR, UPLOAD_BYTES_PER_DAY } from '@rules';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { accountTypeOf, subscriptionRowOf } from './subscription-state.service';

/**
 * What premium unlocks, decided here only (plans.ts names the factors): a larger monthly AI
 * allowance and a larger daily upload total. The AI and media modules ask these functions for
 * the person's allowance; when premium ends the allowance returns to the basic one and nothing
 * the person made is touched.
 */

export async function isPremiumAccount(db: DbOrTx, userId: string): Promise<boolean> {
  return accountTypeOf(await subscriptionRowOf(db, userId)) === 'premium';
}

/** Tokens a person may spend through the AI helpers in a month (0 keeps the helpers off). */
export async function aiMonthlyTokenCap(
  deps: { db: DbOrTx; config: Pick<Config, 'ai'> },
  userId: string,
): Promise<number> {
  const cap = deps.config.ai.monthlyTokenCap;
  if (cap === 0) return 0;
  return (await isPremiumAccount(deps.db, userId)) ? cap * PREMIUM_AI_CAP_FACTOR : cap;
}

/** Bytes a person may store in a day (post files and chat images). */
export async function uploadBytesPerDay(db: DbOrTx, userId: string): Promise<number> {
  return (await isPremiumAccount(db, userId))
    ? UPLOAD_BYTES_PER_DAY * PREMIUM_UPLOAD_FACTOR
    : UPLOAD_BYTES_PER_DAY;
}
