import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { users } from '../../db/schema';

/** `last_seen_at` is written at most this often per person and process (not on every request). */
const SEEN_WRITE_INTERVAL_MS = 5 * 60_000;
/** Entries only matter for SEEN_WRITE_INTERVAL_MS: forgetting them all costs one write each. */
const MAX_REMEMBERED = 100_000;

const lastSeenWrites = new Map<string, number>();

/**
 * Notes that a signed-in person is here: the e-mail digest goes to people away for a day.
 * Called for every signed-in request, it writes without waiting (fire and forget).
 */
export function noteSeen(deps: Pick<AppDeps, 'db' | 'log'>, userId: string, now = Date.now()) {
  const last = lastSeenWrites.get(userId);
  if (last !== undefined && now - last < SEEN_WRITE_INTERVAL_MS) return;
  if (lastSeenWrites.size >= MAX_REMEMBERED) lastSeenWrites.clear();
  lastSeenWrites.set(userId, now);
  deps.db
    .update(users)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(users.id, userId))
    .catch((error: unknown) => deps.log.warn({ err: error }, 'last seen not recorded'));
}
