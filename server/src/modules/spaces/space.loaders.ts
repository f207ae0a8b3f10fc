import DataLoader from 'dataloader';
import { and, count, inArray, or, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { spaceParticipants, userSpaces } from '../../db/schema';
import { isActiveMember } from './space.policy';
import type { ParticipantStatus } from './space-status';

/** Key of a (user, space) pair for the per-viewer loaders. */
export const pairKey = (userId: string, spaceId: string) => `${userId}\u0000${spaceId}`;
const splitKey = (key: string) => {
  const [userId = '', spaceId = ''] = key.split('\u0000');
  return { userId, spaceId };
};

function pairsWhere(
  keys: readonly string[],
  userColumn: typeof spaceParticipants.userId | typeof userSpaces.userId,
  spaceColumn: typeof spaceParticipants.spaceId | typeof userSpaces.spaceId,
) {
  const byUser = new Map<string, string[]>();
  for (const key of keys) {
    const { userId, spaceId } = splitKey(key);
    byUser.set(userId, [...(byUser.get(userId) ?? []), spaceId]);
  }
  return or(
    ...[...byUser].map(([userId, spaceIds]) =>
      and(eq(userColumn, userId), inArray(spaceColumn, spaceIds)),
    ),
  );
}

/** Per-request DataLoaders of spaces; spread into the request context's loaders. */
export const createSpaceLoaders = (db: Db) => ({
  /** A user's participant status in a space (null when none), keyed by pairKey(userId, spaceId). */
  spaceStatus: new DataLoader<string, ParticipantStatus | null>(async (keys) => {
    const rows = await db
      .select({
        userId: spaceParticipants.userId,
        spaceId: spaceParticipants.spaceId,
        status: spaceParticipants.status,
      })
      .from(spaceParticipants)
      .where(pairsWhere(keys, spaceParticipants.userId, spaceParticipants.spaceId));
    const byKey = new Map(rows.map((row) => [pairKey(row.userId, row.spaceId), row.status]));
    return keys.map((key) => byKey.get(key) ?? null);
  }),
  /** A user's own relation to a space (favourite, last visit), keyed by pairKey(userId, spaceId). */
  userSpace: new DataLoader<string, { favorite: boolean; lastVisitedAt: Date | null } | null>(
    async (keys) => {
      const rows = await db
        .select()
        .from(userSpaces)
        .where(pairsWhere(keys, userSpaces.userId, userSpaces.spaceId));
      const byKey = new Map(rows.map((row) => [pairKey(row.userId, row.spaceId), row]));
      return keys.map((key) => byKey.get(key) ?? null);
    },
  ),
  /** Who invited a user to a space while the invitation waits (else null), keyed by pairKey. */
  pendingInviter: new DataLoader<string, string | null>(async (keys) => {
    const rows = await db
      .select({
        userId: spaceParticipants.userId,
        spaceId: spaceParticipants.spaceId,
        invitedBy: spaceParticipants.invitedBy,
      })
      .from(spaceParticipants)
      .where(
        and(
          pairsWhere(keys, spaceParticipants.userId, spaceParticipants.spaceId),
          eq(spaceParticipants.status, 'invited'),
        ),
      );
    const byKey = new Map(rows.map((row) => [pairKey(row.userId, row.spaceId), row.invitedBy]));
    return keys.map((key) => byKey.get(key) ?? null);
  }),
  /** Active participants (owner, admin, contributor) per space. */
  activeParticipantCount: new DataLoader<string, number>(async (spaceIds) => {
    const rows = await db
      .select({ spaceId: spaceParticipants.spaceId, total: count() })
      .from(spaceParticipants)
      .where(and(inArray(spaceParticipants.spaceId, [...spaceIds]), isActiveMember()))
      .groupBy(spaceParticipants.spaceId);
    const byId = new Map(rows.map((row) => [row.spaceId, Number(row.total)]));
    return spaceIds.map((id) => byId.get(id) ?? 0);
  }),
});
