import { createHash } from 'node:crypto';
import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { eq, sql } from 'drizzle-orm';
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

export interface SessionStore {
  /** Starts a session; the returned token is the cookie value and the Bearer token alike. */
  create(userId: string): Promise<{ token: string; cookie: SessionCookie }>;
  validate(token: string): Promise<ValidatedSession | null>;
  /** The stable id of the session a token opens, without looking it up. */
  sessionIdOf(token: string): string;
  invalidate(token: string): Promise<void>;
  invalidateAllFor(userId: string): Promise<void>;
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
    return [
      { ...found.session, attributes: {} },
      { id, attributes },
    ];
  }
}

/** Told when sessions end, so their live connections can close (see live/connections.ts). */
export type SessionsEnded = (ended: { sessionIds?: string[]; userId?: string }) => void;

export function createSessionStore(
  db: Db,
  options: { secureCookies: boolean; onEnded?: SessionsEnded },
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

  return {
    // lucia is given the hash as the session id; the cookie is always made from the token.
    async create(userId) {
      const token = generateIdFromEntropySize(25);
      await lucia.createSession(userId, {}, { sessionId: sessionIdOf(token) });
      return { token, cookie: cookieOf(lucia.createSessionCookie(token)) };
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
      options.onEnded?.({ sessionIds: [sessionId] });
    },
    async invalidateAllFor(userId) {
      await lucia.invalidateUserSessions(userId);
      options.onEnded?.({ userId });
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
  }
}
