import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { rateLimitEvents } from '../db/schema';
import { AppError } from '../errors';
import { MESSAGES } from '@rules';

export interface Limit {
  max: number;
  windowSeconds: number;
}

const since = (limit: Limit) => new Date(Date.now() - limit.windowSeconds * 1000);

/** Throws RATE_LIMITED when `key` already used up its attempts in this bucket's window. */
export async function assertUnderLimit(db: DbOrTx, bucket: string, key: string, limit: Limit) {
  const [row] = await db
    .select({ hits: count() })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, bucket),
        eq(rateLimitEvents.key, key),
        gt(rateLimitEvents.createdAt, since(limit)),
      ),
    );
  if ((row?.hits ?? 0) >= limit.max) {
    const minutes = Math.ceil(limit.windowSeconds / 60);
    throw new AppError(
      'RATE_LIMITED',
      MESSAGES.tooManyRequests.replace('{{minutes}}', String(minutes)),
      {
        retryAfterSeconds: limit.windowSeconds,
      },
    );
  }
}

export async function recordAttempt(db: DbOrTx, bucket: string, keys: string[]) {
  await db.insert(rateLimitEvents).values(keys.map((key) => ({ bucket, key })));
}

/**
 * A write under a limit: refused with RATE_LIMITED once `key` has used up its window, otherwise
 * run in one transaction that also counts this attempt, so a refused or failed write counts nothing.
 */
export async function limitedWrite<T>(
  db: Db,
  bucket: string,
  key: string,
  limit: Limit,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  await assertUnderLimit(db, bucket, key, limit);
  return db.transaction(async (tx) => {
    await recordAttempt(tx, bucket, [key]);
    return write(tx);
  });
}

export async function clearAttempts(db: DbOrTx, bucket: string, key: string) {
  await db
    .delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key)));
}

/** Old attempts only matter inside their window; the longest window is an hour. */
export async function pruneAttempts(db: DbOrTx) {
  await db
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.createdAt, new Date(Date.now() - 24 * 3600_000)));
}
