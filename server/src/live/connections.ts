import { setMaxListeners } from 'node:events';
import { SOCKET_OPERATION_LIMITS } from '@rules';
import type { AppPubSub, Topics } from '../graphql/pubsub';

/** graphql-ws's close code for "Unauthorized": clients take it as final and do not reconnect. */
export const SESSION_ENDED_CLOSE = { code: 4401, reason: 'Session ended' } as const;
/** The same close for a socket whose handed-over token opens nothing. */
export const INVALID_TOKEN_CLOSE = { code: 4401, reason: 'Invalid token' } as const;

/** One signed-in websocket: aborted (its subscriptions stop) and closed when its session ends. */
export interface LiveConnection {
  readonly signal: AbortSignal;
}

interface Entry extends LiveConnection {
  sessionId: string;
  userId: string | null;
  /** An access token's socket: it ends with its token, or the account, not with every session. */
  outlivesSessions: boolean;
  openedAt: number;
  end(): void;
}

/** How long a person's "every session ended" is remembered, for sockets validated meanwhile. */
const ENDED_MEMORY_MS = 60_000;

/**
 * The signed-in websockets of this process, by session and by person. A session that ends
 * anywhere (sign-out, password reset, account deletion) is announced on the `sessionsEnded` topic,
 * and every process closes its sockets of that session at once.
 *
 * A socket is registered under its session before its token is checked, so an ending announced
 * while the check runs still finds it. An ending announced for a whole account names the person,
 * who is known only after the check: such endings are remembered for a minute, and a socket whose
 * check began before one is closed when it learns its person.
 */
export class LiveConnections {
  private readonly bySession = new Map<string, Set<Entry>>();
  private readonly byUser = new Map<string, Set<Entry>>();
  private readonly endedUsers = new Map<string, number>();
  private readonly stopListening: () => void;

  constructor(pubsub: AppPubSub) {
    const events = pubsub.subscribe('sessionsEnded');
    this.stopListening = () => void events.return();
    void (async () => {
      for await (const ended of events) this.ended(ended);
    })();
  }

  /** Registers a socket whose token opens `sessionId` (not yet checked). */
  open(sessionId: string, close: (code: number, reason: string) => void): LiveConnection {
    const controller = new AbortController();
    // Each open subscription of the socket listens for the end (at most SOCKET_OPERATION_LIMITS.perSocket).
    setMaxListeners(SOCKET_OPERATION_LIMITS.perSocket + 10, controller.signal);
    const entry: Entry = {
      sessionId,
      userId: null,
      outlivesSessions: false,
      openedAt: Date.now(),
      signal: controller.signal,
      end: () => {
        if (controller.signal.aborted) return;
        controller.abort();
        close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      },
    };
    add(this.bySession, sessionId, entry);
    return entry;
  }

  /**
   * The check found `userId`: the socket now also ends with all of their sessions (a session's)
   * or with their account (an access token's, `outlivesSessions`).
   */
  signedIn(connection: LiveConnection, userId: string, { outlivesSessions = false } = {}) {
    const entry = connection as Entry;
    entry.userId = userId;
    entry.outlivesSessions = outlivesSessions;
    add(this.byUser, userId, entry);
    if ((this.endedUsers.get(userId) ?? 0) >= entry.openedAt) entry.end();
  }

  release(connection: LiveConnection) {
    const entry = connection as Entry;
    remove(this.bySession, entry.sessionId, entry);
    if (entry.userId) remove(this.byUser, entry.userId, entry);
  }

  private ended({ sessionIds, userId, includingTokens }: Topics['sessionsEnded'][0]) {
    for (const sessionId of sessionIds ?? [])
      for (const entry of [...(this.bySession.get(sessionId) ?? [])]) entry.end();
    if (!userId) return;
    const now = Date.now();
    this.endedUsers.set(userId, now);
    for (const [user, at] of this.endedUsers)
      if (now - at > ENDED_MEMORY_MS) this.endedUsers.delete(user);
    for (const entry of [...(this.byUser.get(userId) ?? [])])
      if (includingTokens || !entry.outlivesSessions) entry.end();
  }

  /** Signed-in sockets open in this process (tests and diagnostics). */
  get size() {
    let count = 0;
    for (const entries of this.bySession.values()) count += entries.size;
    return count;
  }

  close() {
    this.stopListening();
  }
}

function add(map: Map<string, Set<Entry>>, key: string, entry: Entry) {
  const entries = map.get(key) ?? new Set();
  entries.add(entry);
  map.set(key, entries);
}

function remove(map: Map<string, Set<Entry>>, key: string, entry: Entry) {
  const entries = map.get(key);
  if (!entries) return;
  entries.delete(entry);
  if (entries.size === 0) map.delete(key);
}
