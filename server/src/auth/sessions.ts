import { createHash } from 'node:crypto';
import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import {
  Lucia,
  TimeSpan,
  generateIdFromEntropySize,
  type DatabaseSession,
  type DatabaseUser,
} from 'lucia';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { USER_AGENT_MAX } from './user-agent';

/**
 * lucia is kept behind this module (it is no longer developed upstream): the rest of the server
 * sees `SessionStore` only, so replacing it touches this file alone.
 */
export interface Viewer {
  id: string;
  email: string;
  displayName: string;
  role: 'person' | 'org';
  photoUrl: string | null;
  emailVerified: boolean;
  appLang: string;
  defaultSpaceId: string | null;
  /** Site roles (spec 000 §6): moderators work the report queue; admins also grant moderator. */
  isModerator: boolean;
  isAdmin: boolean;
  /** Until when a moderator suspended the account (it reads but writes nothing); null: never. */
  suspendedUntil: Date | null;
}

/** A session cookie to set (or clear), as its Set-Cookie header value. */
export interface SessionCookie {
  header: string;
}

/** A token's session as `validate` finds it. */
export interface ValidatedSession {
  viewer: Viewer;
  /** The session's stable id (the stored hash): safe to keep or log, unlike the token. */
  sessionId: string;
  refreshedCookie?: SessionCookie;
}

/** Who a request's session is seen with: its User-Agent header and client address. */
export interface SessionClient {
  userAgent: string | null;
  address: string | null;
}

/** One unexpired session as its person sees it on /settings/account. */
export interface SessionRecord {
  /** The stored hash, never the token. */
  id: string;
  userAgent: string | null;
  clientAddress: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

export interface SessionStore {
  /** Starts a session; the returned token is the cookie value and the Bearer token alike. */
  create(userId: string, client?: SessionClient): Promise<{ token: string; cookie: SessionCookie }>;
  validate(token: string): Promise<ValidatedSession | null>;
  /**
   * Notes that a session was used now, from `client`: written at most every SEEN_WRITE_INTERVAL_MS
   * per session and process, without waiting, so a signed-in read stays a read.
   */
  noteSeen(sessionId: string, client: SessionClient, now?: number): void;
  /** The stable id of the session a token opens, without looking it up. */
  sessionIdOf(token: string): string;
  invalidate(token: string): Promise<void>;
  invalidateAllFor(userId: string): Promise<void>;
  /** The person's unexpired sessions, the most recently seen first. */
  listFor(userId: string): Promise<SessionRecord[]>;
  /** Ends one of the person's unexpired sessions; false when they have none with that id. */
  endFor(userId: string, sessionId: string): Promise<boolean>;
  /** Ends all of the person's unexpired sessions but `keepSessionId`; answers how many ended. */
  endOthersFor(userId: string, keepSessionId: string): Promise<number>;
  blankCookie(): SessionCookie;
  readCookie(cookieHeader: string): string | null;
  readBearer(authorizationHeader: string): string | null;
}

/**
 * Only a SHA-256 (hex) of a token is stored as `sessions.id`, as with the e-mail tokens: whoever
 * reads the table or a backup cannot sign in with what they read. Tokens carry 200 random bits,
 * so an unsalted fast hash is enough.
 */
export const sessionIdOf = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** The viewer's columns of `users` (never the password hash), for every credential's lookup. */
export const VIEWER_COLUMNS = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  role: users.role,
  photoUrl: users.photoUrl,
  emailVerified: users.emailVerified,
  appLang: users.appLang,
  defaultSpaceId: users.defaultSpaceId,
  isModerator: users.isModerator,
  isAdmin: users.isAdmin,
  suspendedUntil: users.suspendedUntil,
};

/**
 * Every signed-in request looks its session up, so that lookup is a prepared statement reading only
 * the viewer's columns (never the password hash); the rest of the adapter is lucia's own.
 */
class SessionAdapter extends DrizzlePostgreSQLAdapter {
  constructor(private readonly database: Db) {
    super(database, sessions, users);
  }

  override async getSessionAndUser(
    sessionId: string,
  ): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const lookup = preparedStatement(this.database, 'session_and_viewer', (db, name) =>
      db
        .select({
          session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt },
          user: VIEWER_COLUMNS,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sql.placeholder('sessionId')))
        .prepare(name),
    );
    const [found] = await lookup.execute({ sessionId });
    if (!found) return [null, null];
    const { id, ...attributes } = found.user;
    // The session's own attributes (device, address) are not read here: lucia is given no
    // getSessionAttributes, so it never looks at them, and the list reads them itself (listFor).
    const sessionAttributes = {} as DatabaseSession['attributes'];
    return [
      { ...found.session, attributes: sessionAttributes },
      { id, attributes },
    ];
  }
}

/** Told when sessions end, so their live connections can close (see live/connections.ts). */
export type SessionsEnded = (ended: { sessionIds?: string[]; userId?: string }) => void;

/**
 * A session's last seen time and address are written at most this often per session and process,
 * as `noteSeen` in notifications/last-seen.service.ts does for the person: the list on
 * /settings/account is at most this far behind, and reads do not turn into writes.
 */
export const SEEN_WRITE_INTERVAL_MS = 5 * 60_000;
/** Entries only matter for SEEN_WRITE_INTERVAL_MS: forgetting them all costs one write each. */
const MAX_REMEMBERED = 100_000;

const storedClient = (client: SessionClient | undefined) => ({
  userAgent: client?.userAgent?.slice(0, USER_AGENT_MAX) || null,
  clientAddress: client?.address || null,
});

export function createSessionStore(
  db: Db,
  options: {
    secureCookies: boolean;
    onEnded?: SessionsEnded;
    /** Told when a last-seen write fails (it is never waited for). */
    onSeenFailed?: (error: unknown) => void;
  },
): SessionStore {
  const lucia = new Lucia(new SessionAdapter(db), {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: {
      name: 'session',
      attributes: { secure: options.secureCookies, sameSite: 'lax' },
    },
    getUserAttributes: (row) => row,
  });
  const toViewer = (row: DatabaseUserAttributes & { id: string }): Viewer => ({
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    photoUrl: row.photoUrl,
    emailVerified: row.emailVerified,
    appLang: row.appLang,
    defaultSpaceId: row.defaultSpaceId,
    isModerator: row.isModerator,
    isAdmin: row.isAdmin,
    suspendedUntil: row.suspendedUntil,
  });
  // lucia's cookies are HttpOnly, SameSite=Lax and path=/ by default; Secure behind https.
  const cookieOf = (cookie: ReturnType<typeof lucia.createSessionCookie>): SessionCookie => ({
    header: cookie.serialize(),
  });

  /** When this process last wrote each session's last seen (see SEEN_WRITE_INTERVAL_MS). */
  const seenWrites = new Map<string, number>();
  const remembered = (sessionId: string, at: number) => {
    if (seenWrites.size >= MAX_REMEMBERED) seenWrites.clear();
    seenWrites.set(sessionId, at);
  };
  /** Announces ended sessions, so their sockets close on every process. */
  const ended = (sessionIds: string[]) => {
    for (const id of sessionIds) seenWrites.delete(id);
    if (sessionIds.length) options.onEnded?.({ sessionIds });
  };
  const unexpiredOf = (userId: string) =>
    and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()));

  return {
    // lucia is given the hash as the session id; the cookie is always made from the token.
    async create(userId, client) {
      const token = generateIdFromEntropySize(25);
      const sessionId = sessionIdOf(token);
      await lucia.createSession(userId, storedClient(client), { sessionId });
      // Created and last seen are the database's now: the next write is due in an interval.
      remembered(sessionId, Date.now());
      return { token, cookie: cookieOf(lucia.createSessionCookie(token)) };
    },
    noteSeen(sessionId, client, now = Date.now()) {
      const last = seenWrites.get(sessionId);
      if (last !== undefined && now - last < SEEN_WRITE_INTERVAL_MS) return;
      remembered(sessionId, now);
      db.update(sessions)
        .set({ lastSeenAt: new Date(now), ...storedClient(client) })
        .where(eq(sessions.id, sessionId))
        .catch((error: unknown) => options.onSeenFailed?.(error));
    },
    async validate(token) {
      const { session, user } = await lucia.validateSession(sessionIdOf(token));
      if (!session) return null;
      return {
        viewer: toViewer(user as unknown as DatabaseUserAttributes & { id: string }),
        sessionId: session.id,
        refreshedCookie: session.fresh ? cookieOf(lucia.createSessionCookie(token)) : undefined,
      };
    },
    sessionIdOf,
    async invalidate(token) {
      const sessionId = sessionIdOf(token);
      await lucia.invalidateSession(sessionId);
      seenWrites.delete(sessionId);
      options.onEnded?.({ sessionIds: [sessionId] });
    },
    async invalidateAllFor(userId) {
      await lucia.invalidateUserSessions(userId);
      options.onEnded?.({ userId });
    },
    listFor: (userId) =>
      db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          clientAddress: sessions.clientAddress,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(unexpiredOf(userId))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), sessions.id),
    // Deleted by the person's id as well as the session's: another person's session is not found.
    async endFor(userId, sessionId) {
      const removed = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), unexpiredOf(userId)))
        .returning({ id: sessions.id });
      ended(removed.map(({ id }) => id));
      return removed.length > 0;
    },
    async endOthersFor(userId, keepSessionId) {
      const removed = await db
        .delete(sessions)
        .where(and(ne(sessions.id, keepSessionId), unexpiredOf(userId)))
        .returning({ id: sessions.id });
      ended(removed.map(({ id }) => id));
      return removed.length;
    },
    blankCookie: () => cookieOf(lucia.createBlankSessionCookie()),
    readCookie: (header) => lucia.readSessionCookie(header),
    readBearer: (header) => lucia.readBearerToken(header),
  };
}

/** The user row as the lucia Drizzle adapter hands it over (Drizzle's field names). */
type DatabaseUserAttributes = Omit<Viewer, 'id'>;

declare module 'lucia' {
  interface Register {
    DatabaseUserAttributes: DatabaseUserAttributes;
    /** What `create` stores with a new session (created and last seen are the database's now). */
    DatabaseSessionAttributes: { userAgent: string | null; clientAddress: string | null };
  }
}
