import { createPubSub, type PubSub, type PubSubEventTarget } from '@graphql-yoga/subscription';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { CONNECT_TIMEOUT_SECONDS, reconnectBackoffSeconds } from '../db/client';
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
  /** A problem changed status (kanban boards move its card). Id: the problem's space id. */
  problemStatus: [spaceId: string, payload: { problemId: string }];
  /** A progress map was saved or deleted (its viewers reload it, or stop). Id: the map id. */
  progressMap: [mapId: string, payload: { mapId: string }];
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
  /** Sessions (or tokens, by their live keys) that ended; `includingTokens`: the account went. */
  sessionsEnded: [payload: { sessionIds?: string[]; userId?: string; includingTokens?: boolean }];
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
  /**
   * Someone came online or went offline (their last socket in every process closed), or hid or
   * showed their presence; each subscriber is told only what it may see (chat-presence).
   */
  presence: [payload: { userId: string; state: 'online' | 'offline'; lastSeen: string | null }];
  /**
   * An AI chat's answer grew by `delta` (at `offset`, its length before), or ended (`status`
   * other than streaming: subscribers load the stored message). Id: the chat id; `userId` is the
   * chat's person, checked again per event. Deltas are one provider chunk: far below 8 kB.
   */
  aiChatAnswer: [
    chatId: string,
    payload: {
      userId: string;
      messageId: string;
      delta: string;
      offset: number;
      status: 'streaming' | 'done' | 'stopped' | 'failed';
    },
  ];
  /**
   * A Stripe webhook changed someone's subscription or account type (billing): their own
   * `accountChanged` subscriptions reload them. Id: the user id.
   */
  account: [userId: string, payload: { userId: string }];
  /** Stop streaming this answer: the process running it aborts its provider request. */
  aiChatStop: [payload: { messageId: string }];
};

export type AppPubSub = PubSub<Topics>;

/**
 * How live events reach every process: the pub/sub the app publishes and subscribes through, and
 * whether this process hears the other processes right now (for /readyz).
 */
export interface LiveTransport {
  pubsub: AppPubSub;
  kind: 'local' | 'postgres' | 'redis';
  /**
   * False while the listening connection is lost and being re-established: events published
   * meanwhile by other processes do not reach this one (NOTIFY and Redis pub/sub keep nothing).
   */
  listening(): boolean;
  /**
   * Calls `listener` each time listening starts again after it was lost: whatever other processes
   * published meanwhile never arrived, so live clients must catch up (websocket.ts reconnects them).
   */
  onResumed(listener: () => void): void;
  close(): Promise<void>;
}

/** The embedded default (PGlite: one process): events stay inside this process. */
export const createLocalTransport = (): LiveTransport => ({
  pubsub: createPubSub<Topics>(),
  kind: 'local',
  listening: () => true,
  onResumed: () => {},
  close: async () => {},
});

/** Whether a transport is listening, and who hears when it listens again after a loss. */
function listeningState(log: Log) {
  const resumedListeners = new Set<() => void>();
  let listening = false;
  let everListened = false;
  return {
    get listening() {
      return listening;
    },
    started(message: string) {
      if (listening) return;
      log.info(message);
      listening = true;
      if (everListened) for (const listener of resumedListeners) listener();
      everListened = true;
    },
    lost() {
      listening = false;
    },
    onResumed(listener: () => void) {
      resumedListeners.add(listener);
    },
  };
}

/** The NOTIFY channel and the Redis channel alike. */
const CHANNEL = 'app_events';

/**
 * A pub/sub whose publishing sends the event out (`send`), and whose local subscribers get what
 * `receive` hears back: every process (the publisher too) dispatches what the bus delivers, so
 * events reach local and remote subscribers by one path, in the bus's order.
 */
function relayedPubSub(send: (message: string) => Promise<unknown>, log: Log) {
  const local = new EventTarget();
  // One send at a time, in publishing order: PostgreSQL's NOTIFYs go through a pool, and two
  // quick events on two of its connections could otherwise arrive in either order (an AI chat's
  // chunks, a message and its edit).
  let sending: Promise<unknown> = Promise.resolve();
  const eventTarget = {
    addEventListener: local.addEventListener.bind(local),
    removeEventListener: local.removeEventListener.bind(local),
    dispatchEvent(event: CustomEvent) {
      const message = JSON.stringify({ type: event.type, data: event.detail });
      sending = sending
        .then(() => send(message))
        .catch((error: unknown) => {
          // The bus is down (a database or Redis restart): the event is lost, the request is not.
          log.error({ err: error, topic: event.type }, 'live event not sent');
        });
      return true;
    },
  };
  return {
    pubsub: createPubSub<Topics>({
      eventTarget: eventTarget as unknown as PubSubEventTarget<Topics>,
    }),
    receive(message: string) {
      try {
        const { type, data } = JSON.parse(message) as { type: string; data: unknown };
        local.dispatchEvent(new CustomEvent(type, { detail: data }));
      } catch (error) {
        log.error({ err: error }, 'malformed live event');
      }
    },
  };
}

/**
 * Events cross processes through PostgreSQL LISTEN/NOTIFY: publishing NOTIFYs through the pool,
 * and one connection of its own per process LISTENs. That connection is made here rather than by
 * postgres.js's `sql.listen` so its loss is seen: when it closes (a restart, a failover, a
 * dropped network) the process is not listening until a new connection has run LISTEN again,
 * which it retries with the pool's short backoff until the database answers.
 */
export async function createPostgresTransport(
  url: string,
  sql: postgres.Sql,
  log: Log,
): Promise<LiveTransport> {
  const relay = relayedPubSub((message) => sql.notify(CHANNEL, message), log);
  const state = listeningState(log);
  let closing = false;
  const listen = () =>
    listener.unsafe(`listen ${CHANNEL}`).then(() => state.started('live events: listening'));
  // `onnotify` is the option postgres.js's own `sql.listen` uses; its types do not list it.
  const options: postgres.Options<Record<string, never>> & {
    onnotify(channel: string, payload: string): void;
  } = {
    max: 1,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectBackoffSeconds,
    onnotify: (channel, payload) => {
      if (channel === CHANNEL) relay.receive(payload);
    },
    // Every close, including a failed attempt to reconnect, asks again: postgres.js waits out
    // the backoff before connecting, so this retries about once a second while the database is down.
    onclose: () => {
      if (closing) return;
      if (state.listening) log.warn('live events: listening connection lost, listening again');
      state.lost();
      listen().catch((error: unknown) =>
        log.debug({ err: error }, 'live events: not listening yet'),
      );
    },
  };
  const listener = postgres(url, options);
  try {
    await listen();
  } catch (error) {
    closing = true;
    await listener.end({ timeout: 0 });
    throw error;
  }
  return {
    pubsub: relay.pubsub,
    kind: 'postgres',
    listening: () => state.listening,
    onResumed: state.onResumed,
    async close() {
      closing = true;
      state.lost();
      await listener.end({ timeout: 1 });
    },
  };
}

/** Redis reconnect delays: quick at first, then once a second, with jitter so processes differ. */
const redisRetryDelay = (attempt: number) =>
  Math.min(50 * 2 ** attempt, 1000) * (0.75 + Math.random() / 2);

/**
 * Events cross processes through Redis pub/sub (REDIS_URL): one publishing and one subscribed
 * connection per process, the same one channel and payloads as NOTIFY. It keeps PostgreSQL's
 * NOTIFY lock out of committing transactions. After a reconnect the subscription is made again
 * here (not by ioredis's autoResubscribe) so `listening` turns true only once Redis confirmed it.
 * Events published while Redis is unreachable wait in the publisher's queue for a few reconnect
 * attempts (about ten seconds), then are dropped and logged.
 */
export async function createRedisTransport(url: string, log: Log): Promise<LiveTransport> {
  const options = {
    lazyConnect: true,
    retryStrategy: redisRetryDelay,
    maxRetriesPerRequest: 10,
    connectionName: `bumps-${process.pid}`,
  };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, autoResubscribe: false });
  const relay = relayedPubSub((message) => publisher.publish(CHANNEL, message), log);
  const state = listeningState(log);
  let closing = false;

  subscriber.on('message', (channel: string, message: string) => {
    if (channel === CHANNEL) relay.receive(message);
  });
  const subscribe = () =>
    subscriber.subscribe(CHANNEL).then(() => state.started('live events: subscribed to Redis'));
  subscriber.on('close', () => {
    if (state.listening && !closing) log.warn('live events: Redis connection lost, reconnecting');
    state.lost();
  });
  // ioredis reports every failed reconnect attempt as an 'error'; the 'close' above says it once.
  for (const connection of [publisher, subscriber])
    connection.on('error', (error: Error) => log.debug({ err: error }, 'redis'));

  const close = async () => {
    closing = true;
    state.lost();
    subscriber.disconnect();
    // Events published just before (people going offline on shutdown) are sent if Redis answers.
    await Promise.race([
      publisher.quit().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 1000).unref()),
    ]);
    publisher.disconnect();
  };
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscribe();
  } catch (error) {
    await close();
    throw error;
  }
  // Every reconnect after this one ends ready: subscribe again.
  subscriber.on('ready', () => {
    if (!closing)
      subscribe().catch((error: unknown) =>
        log.warn({ err: error }, 'live events: not subscribed'),
      );
  });
  return {
    pubsub: relay.pubsub,
    kind: 'redis',
    listening: () => state.listening,
    onResumed: state.onResumed,
    close,
  };
}
