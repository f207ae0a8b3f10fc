import { createPubSub, type PubSub, type PubSubEventTarget } from '@graphql-yoga/subscription';
import type postgres from 'postgres';
import type { Log } from '../log';

/**
 * Every live-event topic and its payload, in one place. Payloads carry ids only: subscribers load
 * the item with their own viewer, so visibility rules apply per event and payloads stay far below
 * NOTIFY's 8 kB limit.
 */
export type Topics = {
  /** A story became visible in a space feed (published, approved). Id: the space id. */
  space: [spaceId: string, payload: { storyId: string }];
  /** A story became visible on a problem's Stories tab (published, approved). Id: the problem id. */
  problem: [problemId: string, payload: { storyId: string }];
  /** A solution became visible in a space's solutions (published, approved). Id: the space id. */
  solutionInSpace: [spaceId: string, payload: { solutionId: string }];
  /** A listed solution became linked to a problem (its Solutions tab). Id: the problem id. */
  solutionOnProblem: [problemId: string, payload: { solutionId: string }];
  /**
   * A comment or reply on a post was added, edited or removed. Id: the post as `{type}/{id}`
   * (commentChannelOf); the payload names the space, so a removal is judged without the comment.
   */
  comments: [
    post: string,
    payload: {
      commentId: string;
      change: 'added' | 'updated' | 'removed';
      parentId: string | null;
      spaceId: string;
    },
  ];
  /**
   * Notifications were made or updated by one event: each process loads the rows of that event
   * for the recipients connected to it (never a recipient list here: 10,000 ids exceed 8 kB).
   */
  notifications: [payload: { eventId: string }];
  /** Someone's notifications were read or deleted (another device's total changes). */
  notificationsRead: [payload: { userId: string }];
  /** Someone's space memberships changed: live subscriptions reload what they may read. */
  membership: [payload: { userId: string }];
  /**
   * Sessions ended (signed out, or every session of a person: password reset, account deleted):
   * their websockets close. Ids are the stored hashes, never tokens.
   */
  sessionsEnded: [payload: { sessionIds?: string[]; userId?: string }];
  /**
   * Something happened in a conversation. One topic for all conversations: each process hands
   * the event to its own subscribers who are members (membership kept in memory, see chat-live).
   * `seq` orders messages; a reaction names its message.
   */
  chat: [
    payload: {
      conversationId: string;
      change: 'added' | 'edited' | 'removed' | 'reaction';
      messageId: string;
      authorId: string | null;
    },
  ];
  /** Someone is typing (or stopped) in a conversation; never stored. */
  chatTyping: [payload: { conversationId: string; userId: string; typing: boolean }];
  /**
   * A conversation's members changed (added, left, removed with their space, or the conversation
   * deleted: `deleted`). Processes reload what they keep in memory about it.
   */
  chatMembers: [payload: { conversationId: string; userIds: string[]; deleted?: boolean }];
  /** Someone read a conversation (another device's unread counts change). */
  chatRead: [payload: { userId: string; conversationId: string }];
  /** Someone came online or went offline (their last socket in every process closed). */
  presence: [payload: { userId: string; state: 'online' | 'offline'; lastSeen: string | null }];
};

export type AppPubSub = PubSub<Topics>;

/** The embedded default: events stay inside this process. */
export const createLocalPubSub = (): AppPubSub => createPubSub<Topics>();

const CHANNEL = 'app_events';

/**
 * Events cross processes through PostgreSQL LISTEN/NOTIFY: publishing NOTIFYs, and every process
 * (the publisher too) re-dispatches what it hears to its local subscribers.
 */
export async function createPostgresPubSub(sql: postgres.Sql, log: Log): Promise<AppPubSub> {
  const local = new EventTarget();
  await sql.listen(CHANNEL, (message) => {
    try {
      const { type, data } = JSON.parse(message) as { type: string; data: unknown };
      local.dispatchEvent(new CustomEvent(type, { detail: data }));
    } catch (error) {
      log.error({ err: error }, 'malformed live event');
    }
  });
  const eventTarget = {
    addEventListener: local.addEventListener.bind(local),
    removeEventListener: local.removeEventListener.bind(local),
    dispatchEvent(event: CustomEvent) {
      sql
        .notify(CHANNEL, JSON.stringify({ type: event.type, data: event.detail }))
        .catch((error: unknown) => {
          log.error({ err: error }, 'live event not sent');
        });
      return true;
    },
  };
  return createPubSub<Topics>({ eventTarget: eventTarget as unknown as PubSubEventTarget<Topics> });
}
