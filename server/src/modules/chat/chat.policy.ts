import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { chatConversations, chatMembers, spaceParticipants, users } from '../../db/schema';
import {
  activeMemberIn,
  spaceReadableBy,
  spaceReadableIn,
  type SpaceAccess,
  type SqlViewer,
} from '../spaces/space.policy';

/**
 * Who may read (and post in) a conversation, as composed SQL on `chat_conversations`, reused by
 * every list, get, count and REST row, and by live subscriptions when they load what a subscriber
 * may read.
 *
 * - A space chat: whoever may read the space's content, signed in (its participants for a private
 *   space; every signed-in person for the global and country spaces).
 * - Everything else: its members, and for a group or channel of a space only while they may still
 *   read that space (a person who leaves a private space loses its channels with it).
 *
 * Signed out, nobody reads chat.
 */
export function conversationReadableBy(viewer: SqlViewer): SQL {
  if (!viewer) return sql`false`;
  return or(
    and(eq(chatConversations.type, 'space'), spaceReadableBy(viewer, chatConversations.spaceId)),
    and(
      ne(chatConversations.type, 'space'),
      isMemberOf(viewer),
      or(isNull(chatConversations.spaceId), spaceReadableBy(viewer, chatConversations.spaceId)),
    ),
  )!;
}

/** The viewer has a member row in the conversation (direct chats, groups, channels). */
export function isMemberOf(viewer: NonNullable<SqlViewer>): SQL {
  return sql`exists (select 1 from ${chatMembers} where ${and(
    eq(chatMembers.conversationId, chatConversations.id),
    eq(chatMembers.userId, viewer.id),
  )})`;
}

/** A public channel of a space the viewer may read and has not joined: the channel directory. */
export function channelJoinableBy(viewer: SqlViewer): SQL {
  if (!viewer) return sql`false`;
  return and(
    eq(chatConversations.type, 'public'),
    spaceReadableBy(viewer, chatConversations.spaceId),
    sql`not ${isMemberOf(viewer)}`,
  )!;
}

/**
 * `conversationReadableBy` for a conversation in memory, as a live subscription judges an event
 * without a query: `memberOf` is the set of conversations the subscriber has member rows in, kept
 * by the live registry and reloaded when a `chatMembers` event names the conversation.
 */
export function conversationReadableIn(
  access: SpaceAccess,
  memberOf: ReadonlySet<string>,
  conversation: { id: string; type: string; spaceId: string | null; spaceIsPrivate: boolean },
): boolean {
  if (!access.viewerId) return false;
  const space = conversation.spaceId
    ? spaceReadableIn(access, { id: conversation.spaceId, isPrivate: conversation.spaceIsPrivate })
    : true;
  if (conversation.type === 'space') return space;
  return space && memberOf.has(conversation.id);
}

/**
 * SQL condition on `users`: the person may read this space's content, as `spaceIsReadable` says
 * for a viewer. People added to a conversation, and people a picker offers, must pass it; for a
 * private space that is its active participants.
 */
export function userReadsSpace(space: { id: string; isPrivate: boolean }): SQL {
  if (!space.isPrivate) return sql`true`;
  return sql`exists (select 1 from ${spaceParticipants} where ${and(
    activeMemberIn(space.id),
    eq(spaceParticipants.userId, users.id),
  )})`;
}
