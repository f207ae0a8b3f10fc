import { createHash } from 'node:crypto';
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { rateLimitEvents } from '../db/schema';
import { AppError } from '../errors';
import { MESSAGES } from '@rules';

/**
 * Rate limits counted in `rate_limit_events`, so every process on one database shares them. Each
 * limited step takes a transaction-scoped advisory lock per (bucket, key), then counts and records
 * under it: parallel requests for one key queue instead of all passing the same count.
 */

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** One key a step counts against, with the limit that applies to it. */
export interface LimitedKey {
  key: string;
  limit: Limit;
}

/** The first half of two-int advisory lock keys, so ours never meet another feature's. */
const LOCK_CLASS = 0x524c; // "RL"

/**
 * Event times come from the database's clock, the one clock every process shares. The statement's
 * own start (not the transaction's, which may predate a wait for the lock) and stable, so the
 * (bucket, key, created_at) index serves the range.
 */
const windowStart = (limit: Limit) =>
  sql`statement_timestamp() - make_interval(secs => ${limit.windowSeconds}::double precision)`;

/**
 * How many events `key` has in its window and, when it has used them all, the seconds until
 * enough of them leave the window for one more: the max-th newest event is the one that must go.
 */
async function usage(db: DbOrTx, bucket: string, { key, limit }: LimitedKey) {
  const [row] = await db
    .select({
      hits: count(),
      retryAfterSeconds: sql<number | null>`ceil(extract(epoch from
        (array_agg(${rateLimitEvents.createdAt} order by ${rateLimitEvents.createdAt} desc))[${limit.max}::int]
        + make_interval(secs => ${limit.windowSeconds}::double precision) - statement_timestamp()))::int`,
    })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, bucket),
        eq(rateLimitEvents.key, key),
        gt(rateLimitEvents.createdAt, windowStart(limit)),
      ),
    );
  return { hits: row?.hits ?? 0, retryAfterSeconds: row?.retryAfterSeconds ?? null };
}

/** Throws RATE_LIMITED, saying the longest wait, when any of `keys` has used up its window. */
async function assertUnder(db: DbOrTx, bucket: string, keys: readonly LimitedKey[]) {
  let wait = 0;
  for (const limited of keys) {
    const { hits, retryAfterSeconds } = await usage(db, bucket, limited);
    if (hits >= limited.limit.max) wait = Math.max(wait, retryAfterSeconds ?? 0, 1);
  }
  if (wait === 0) return;
  const minutes = Math.ceil(wait / 60);
  const message =
    minutes === 1
      ? MESSAGES.tooManyRequestsMinute
      : MESSAGES.tooManyRequests.replace('{{minutes}}', String(minutes));
  throw new AppError('RATE_LIMITED', message, { retryAfterSeconds: wait });
}

/**
 * A cheap check without the lock, for refusing before costly work (a password hash) when a key is
 * already at its limit. It decides nothing: the locked count in `limitedWrite` does.
 */
export async function assertUnderLimit(db: Db, bucket: string, key: string, limit: Limit) {
  await assertUnder(db, bucket, [{ key, limit }]);
}

/** A 32-bit lock id per (bucket, key), the same in every process. */
const lockId = (bucket: string, key: string) =>
  createHash('sha256').update(`${bucket}\n${key}`).digest().readInt32BE(0);

/**
 * Locks `keys` until `tx` ends, counts them and records one event each, or throws RATE_LIMITED.
 * Locks are taken in ascending id order, so two steps sharing keys never deadlock. Everything
 * after the lock must run on `tx` alone: a second pooled connection could be held by a request
 * waiting on this very lock.
 */
async function countAndRecord(tx: Tx, bucket: string, keys: readonly LimitedKey[]) {
  const ids = [...new Set(keys.map(({ key }) => lockId(bucket, key)))].sort((a, b) => a - b);
  for (const id of ids) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${id})`);
  await assertUnder(tx, bucket, keys);
  const recorded = await tx
    .insert(rateLimitEvents)
    .values(keys.map(({ key }) => ({ bucket, key, createdAt: sql`statement_timestamp()` })))
    .returning({ id: rateLimitEvents.id });
  return recorded.map(({ id }) => id);
}

/**
 * Counts one event against each of `keys` in one atomic step, or throws RATE_LIMITED having
 * counted nothing. Returns the events' ids, for `dropAttempts` when an attempt turns out fine.
 */
export function recordAttempts(db: Db, bucket: string, keys: readonly LimitedKey[]) {
  return db.transaction((tx) => countAndRecord(tx, bucket, keys));
}

export async function dropAttempts(db: DbOrTx, eventIds: readonly string[]) {
  await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, [...eventIds]));
}

/** Forgets everything counted against `key` (a sign-in that proved the password). */
export async function forgetKey(db: DbOrTx, bucket: string, key: string) {
  await db
    .delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key)));
}

/**
 * A write under a limit: refused with RATE_LIMITED once `key` has used up its window, otherwise
 * run in the transaction that counts it, so a refused or failed write counts nothing. `write`
 * must use only `tx` (see `countAndRecord`).
 */
export function limitedWrite<T>(
  db: Db,
  bucket: string,
  key: string,
  limit: Limit,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await countAndRecord(tx, bucket, [{ key, limit }]);
    return write(tx);
  });
}

/** Old attempts only matter inside their window; the longest window is an hour. */
export async function pruneAttempts(db: DbOrTx) {
  await db
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.createdAt, new Date(Date.now() - 24 * 3600_000)));
}
