import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context';
import type { Db } from '../../db/client';
import { spaceParticipants } from '../../db/schema';
import { ACTIVE_PARTICIPANT_STATUSES } from './space.policy';

/** The spaces whose content `userId` may read as a participant (owner, admin, contributor). */
export async function activeSpaceIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ spaceId: spaceParticipants.spaceId })
    .from(spaceParticipants)
    .where(
      and(
        eq(spaceParticipants.userId, userId),
        inArray(spaceParticipants.status, [...ACTIVE_PARTICIPANT_STATUSES]),
      ),
    );
  return rows.map((row) => row.spaceId);
}

/**
 * Tells every process that these people's memberships changed (after the change committed), so
 * their live subscriptions stop or start showing the spaces concerned.
 */
export function announceMembershipChange(ctx: Pick<Context, 'pubsub'>, userIds: readonly string[]) {
  for (const userId of new Set(userIds)) ctx.pubsub.publish('membership', { userId });
}
