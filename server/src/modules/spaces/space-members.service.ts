import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context';
import type { Db } from '../../db/client';
import { afterCursor, toPage, type Cursor, type Page } from '../../db/keyset';
import { spaceParticipants, users } from '../../db/schema';
import { AUTHOR_COLUMNS, type AuthorRow } from '../users/user.rows';
import type { ParticipantStatus } from './space-status';
import { isActiveMember } from './space.policy';

/** The spaces whose content `userId` may read as a participant (owner, admin, contributor). */
export async function activeSpaceIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ spaceId: spaceParticipants.spaceId })
    .from(spaceParticipants)
    .where(and(eq(spaceParticipants.userId, userId), isActiveMember()));
  return rows.map((row) => row.spaceId);
}

/**
 * One page of a space's participants with these statuses, newest first, each with what a list
 * shows of the person. The caller has already decided that the viewer may see this list.
 */
export async function participantsPage(
  db: Db,
  spaceId: string,
  statuses: ParticipantStatus[],
  { size, cursor }: { size: number; cursor: Cursor | null },
): Promise<Page<{ participant: typeof spaceParticipants.$inferSelect; user: AuthorRow }>> {
  const rows = await db
    .select({ participant: spaceParticipants, user: AUTHOR_COLUMNS })
    .from(spaceParticipants)
    .innerJoin(users, eq(users.id, spaceParticipants.userId))
    .where(
      and(
        eq(spaceParticipants.spaceId, spaceId),
        inArray(spaceParticipants.status, statuses),
        afterCursor(spaceParticipants.createdAt, spaceParticipants.userId, cursor),
      ),
    )
    .orderBy(desc(spaceParticipants.createdAt), desc(spaceParticipants.userId))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({
    value: row.participant.createdAt,
    id: row.participant.userId,
  }));
}

/**
 * Tells every process that these people's memberships changed (after the change committed), so
 * their live subscriptions stop or start showing the spaces concerned.
 */
export function announceMembershipChange(ctx: Pick<Context, 'pubsub'>, userIds: readonly string[]) {
  for (const userId of new Set(userIds)) ctx.pubsub.publish('membership', { userId });
}
