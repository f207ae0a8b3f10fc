import { createHash } from 'node:crypto';
import { and, count, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
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
  /** Events the step counts against the key at once (people invited in one go); 1 if absent. */
  count?: number;
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
 * How many events `key` has in its window and, when it has too few left, the seconds until enough
 * of them leave the window for `count` more: the (max - count + 1)-th newest is the one that must
 * go (none when `count` alone is over the limit).
 */
async function usage(db: DbOrTx, bucket: string, { key, limit, count: step = 1 }: LimitedKey) {
  const [row] = await db
    .select({
      hits: count(),
      retryAfterSeconds: sql<number | null>`ceil(extract(epoch from
        (array_agg(${rateLimitEvents.createdAt} order by ${rateLimitEvents.createdAt} desc))[${limit.max - step + 1}::int]
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

/** The longest wait, in seconds, until every one of `keys` has room for its events; 0: now. */
async function waitFor(db: DbOrTx, bucket: string, keys: readonly LimitedKey[]) {
  let wait = 0;
  for (const limited of keys) {
    const { hits, retryAfterSeconds } = await usage(db, bucket, limited);
    if (hits + (limited.count ?? 1) > limited.limit.max)
      wait = Math.max(wait, retryAfterSeconds ?? limited.limit.windowSeconds, 1);
  }
  return wait;
}

/** Throws RATE_LIMITED, saying the longest wait, when any of `keys` has used up its window. */
async function assertUnder(db: DbOrTx, bucket: string, keys: readonly LimitedKey[]) {
  const wait = await waitFor(db, bucket, keys);
  if (wait > 0) throw rateLimited(wait);
}

/** RATE_LIMITED in the spec's words, saying the wait in minutes (a limit counted elsewhere too). */
export function rateLimited(waitSeconds: number): AppError {
  const wait = Math.max(Math.ceil(waitSeconds), 1);
  const minutes = Math.ceil(wait / 60);
  const message =
    minutes === 1
      ? MESSAGES.tooManyRequestsMinute
      : MESSAGES.tooManyRequests.replace('{{minutes}}', String(minutes));
  return new AppError('RATE_LIMITED', message, { retryAfterSeconds: wait });
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
 * Locks `keys` until `tx` ends, in ascending id order, so two steps sharing keys never deadlock.
 * Everything after the lock must run on `tx` alone: a second pooled connection could be held by a
 * request waiting on this very lock.
 */
async function lockKeys(tx: DbOrTx, bucket: string, keys: readonly LimitedKey[]) {
  const ids = [...new Set(keys.map(({ key }) => lockId(bucket, key)))].sort((a, b) => a - b);
  for (const id of ids) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${id})`);
}

/**
 * Records each key's events (one, or its `count`), once per key: two windows of one count (a
 * minute's and an hour's) name the same key and share its events. Answers their ids.
 */
async function record(tx: DbOrTx, bucket: string, keys: readonly LimitedKey[]) {
  const counts = new Map(keys.map(({ key, count: step = 1 }) => [key, step]));
  if (counts.size === 0) return [];
  const recorded = await tx
    .insert(rateLimitEvents)
    .values(
      [...counts].flatMap(([key, step]) =>
        Array.from({ length: step }, () => ({
          bucket,
          key,
          createdAt: sql`statement_timestamp()`,
        })),
      ),
    )
    .returning({ id: rateLimitEvents.id });
  return recorded.map(({ id }) => id);
}

/**
 * Locks `keys` until `tx` ends, counts them and records their events (answering their ids), or
 * throws RATE_LIMITED. Also for a transaction already under way, once it knows its write really
 * happens (a status that changes, a first reaction): a refusal rolls it back, storing nothing.
 * Everything after it must run on `tx` alone (see `lockKeys`).
 */
export async function countWithin(tx: DbOrTx, bucket: string, keys: readonly LimitedKey[]) {
  await lockKeys(tx, bucket, keys);
  await assertUnder(tx, bucket, keys);
  return record(tx, bucket, keys);
}

/**
 * For what a write may do only so often but need not refuse the write for (a notification that
 * would repeat): inside the write's transaction, counts `keys` and answers true when all had
 * room, or counts nothing and answers false. Everything after it must run on `tx` alone.
 */
export async function admitted(tx: DbOrTx, bucket: string, keys: readonly LimitedKey[]) {
  await lockKeys(tx, bucket, keys);
  if ((await waitFor(tx, bucket, keys)) > 0) return false;
  await record(tx, bucket, keys);
  return true;
}

/**
 * Counts one event against each of `keys` in one atomic step, or throws RATE_LIMITED having
 * counted nothing. Returns the events' ids, for `dropAttempts` when an attempt turns out fine.
 */
export function recordAttempts(db: Db, bucket: string, keys: readonly LimitedKey[]) {
  return db.transaction((tx) => countWithin(tx, bucket, keys));
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
 * must use only `tx` (see `lockKeys`).
 */
export function limitedWrite<T>(
  db: Db,
  bucket: string,
  key: string,
  limit: Limit,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  return limitedWriteFor(db, bucket, [{ key, limit }], write);
}

/**
 * `limitedWrite` counted against several keys at once (the person, and the person they write
 * to), or one key under several windows (a minute's and an hour's): refused when any is used up.
 */
export function limitedWriteFor<T>(
  db: Db,
  bucket: string,
  keys: readonly LimitedKey[],
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await countWithin(tx, bucket, keys);
    return write(tx);
  });
}

/**
 * Facts a limit depends on but does not count (an address an account signed in from) are kept in
 * the same table under a bucket of their own, one row per key, for MEMORY_DAYS.
 */
const MEMORY = 'memory';
export const MEMORY_DAYS = 30;

/** Records that `key` happened now, replacing its earlier record. */
export async function remember(db: Db, key: string) {
  await db.transaction(async (tx) => {
    await forgetKey(tx, MEMORY, key);
    await tx.insert(rateLimitEvents).values({ bucket: MEMORY, key });
  });
}

/** Whether `key` was remembered within the last MEMORY_DAYS. */
export async function remembers(db: DbOrTx, key: string): Promise<boolean> {
  const { hits } = await usage(db, MEMORY, {
    key,
    limit: { max: 1, windowSeconds: MEMORY_DAYS * 24 * 3600 },
  });
  return hits > 0;
}

/** Old attempts only matter inside their window (the longest is a day); facts for a month. */
export async function pruneAttempts(db: DbOrTx) {
  const now = Date.now();
  await db
    .delete(rateLimitEvents)
    .where(
      or(
        and(
          ne(rateLimitEvents.bucket, MEMORY),
          lt(rateLimitEvents.createdAt, new Date(now - 24 * 3600_000)),
        ),
        lt(rateLimitEvents.createdAt, new Date(now - MEMORY_DAYS * 24 * 3600_000)),
      ),
    );
}
