import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { UNATTACHED_UPLOAD_HOURS } from '@rules';
import { rateLimited } from '../../auth/rate-limit';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { chatFiles, storageRemovals, uploads } from '../../db/schema';
import { uploadBytesPerDay } from '../billing';

/**
 * The life of stored files after their rows: removing from storage the files whose rows went
 * (queued by a trigger in the deleting transaction, see db/schema/media.ts), sweeping uploads and
 * chat images nobody attached, and the per-person daily budget of stored bytes.
 */

export type FileDeps = Pick<AppDeps, 'db' | 'storage' | 'log'>;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** Keys claimed per statement. */
const BATCH = 100;
/** How long a claimed key is left to its claimer before another process may take it. */
const LEASE_SECONDS = 300;

/**
 * Deletes from storage the files queued for removal, after the transaction that queued them
 * committed: callers await it right after their write, and the sweep catches what a stopped
 * process left. Each key is claimed with a lease by one conditional update (`skip locked`), so
 * processes removing at once take different keys; a file already gone counts as removed. A
 * failure is logged and the key retried once its lease ends.
 */
export async function removeQueuedFiles(deps: FileDeps): Promise<void> {
  try {
    while ((await removeBatch(deps)) === BATCH);
  } catch (error) {
    // The write it follows has committed: its answer stands, the sweep retries the files.
    deps.log.warn({ err: error }, 'queued files not removed; retried by the sweep');
  }
}

/** Claims up to BATCH due keys and removes their files: answers how many it claimed. */
async function removeBatch(deps: FileDeps): Promise<number> {
  const due = deps.db
    .select({ key: storageRemovals.key })
    .from(storageRemovals)
    .where(or(isNull(storageRemovals.claimedUntil), lt(storageRemovals.claimedUntil, sql`now()`)))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(storageRemovals)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS}::double precision)`,
    })
    .where(inArray(storageRemovals.key, due))
    .returning({ key: storageRemovals.key });
  const removed: string[] = [];
  for (const { key } of claimed) {
    try {
      await deps.storage.delete(key);
      removed.push(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'stored file not removed; retried later');
    }
  }
  if (removed.length)
    await deps.db.delete(storageRemovals).where(inArray(storageRemovals.key, removed));
  return claimed.length;
}

/**
 * Deletes uploads never attached to a post (or a space's image) and chat images no message
 * showed, older than UNATTACHED_UPLOAD_HOURS at `now`, then their files. One conditional delete
 * per table claims the rows: an attach or a send that locked a row first wins (the delete sees
 * it attached), and one that comes after finds it gone (the file was not found). Safe to run in
 * several processes at once.
 */
export async function sweepUnattachedFiles(deps: FileDeps, now = new Date()) {
  const cutoff = new Date(now.getTime() - UNATTACHED_UPLOAD_HOURS * HOUR_MS);
  const swept = await deps.db
    .delete(uploads)
    .where(and(isNull(uploads.attachedType), lt(uploads.createdAt, cutoff)))
    .returning({ id: uploads.id });
  const unsent = await deps.db
    .delete(chatFiles)
    .where(and(isNull(chatFiles.sentAt), lt(chatFiles.createdAt, cutoff)))
    .returning({ key: chatFiles.key });
  await removeQueuedFiles(deps);
  return { uploads: swept.length, chatImages: unsent.length };
}

/** Each process sweeps every hour; answers a function that stops it. */
export function startFileSweeper(deps: FileDeps): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepUnattachedFiles(deps)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'unattached files not swept'))
      .finally(() => {
        running = false;
      });
  }, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Refuses (RATE_LIMITED, the spec's message with the wait) a new file of `adding` bytes when the
 * person's files stored in the last day (post uploads and chat images), plus `pendingBytes`
 * still arriving, would pass their daily allowance (UPLOAD_BYTES_PER_DAY, larger for premium
 * accounts: billing/allowances.ts). The wait is until enough of the day's files leave the window.
 */
export async function assertStorageBudget(
  db: DbOrTx,
  ownerId: string,
  adding: number,
  pendingBytes = 0,
): Promise<void> {
  const since = sql`now() - interval '1 day'`;
  const stored = await db
    .select({ size: uploads.size, createdAt: uploads.createdAt })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), gt(uploads.createdAt, since)))
    .unionAll(
      db
        .select({ size: chatFiles.size, createdAt: chatFiles.createdAt })
        .from(chatFiles)
        .where(and(eq(chatFiles.ownerId, ownerId), gt(chatFiles.createdAt, since))),
    );
  stored.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let over = stored.reduce((sum, file) => sum + file.size, 0) + pendingBytes + adding;
  over -= await uploadBytesPerDay(db, ownerId);
  if (over <= 0) return;
  // The oldest files leave the window first; a file larger than the whole budget never fits.
  const leaving = stored.find((file) => (over -= file.size) <= 0);
  const until = leaving ? leaving.createdAt.getTime() + DAY_MS : Date.now() + DAY_MS;
  throw rateLimited((until - Date.now()) / 1000);
}
