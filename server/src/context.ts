import type { SessionCookie, SessionStore, ValidatedSession, Viewer } from './auth/sessions';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AppPubSub, LiveTransport } from './graphql/pubsub';
import type { Live } from './live/follow';
import type { Log } from './log';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';
import { createLoaders, type Loaders } from './graphql/loaders';
import { noteSeen } from './modules/notifications/last-seen.service';

/** What lives as long as the process: built once in main.ts and shared by every request. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  pubsub: AppPubSub;
  /** What carries `pubsub`'s events between processes, and whether it is listening now. */
  transport: LiveTransport;
  /** Live fan-out: subscriptions follow channels through it (see live/follow.ts). */
  live: Live;
  log: Log;
  mailer: Mailer;
  sessions: SessionStore;
  /** Uploaded files (local disk under DATA_DIR/uploads by default). */
  storage: Storage;
}

/** How a transport lets a service set or clear the session cookie (absent over websockets). */
export interface CookieJar {
  set(cookie: SessionCookie): void;
}

/** Per request (or per websocket operation): who asks, with fresh loaders. */
export interface Context extends AppDeps {
  viewer: Viewer | null;
  /** The session token the request came with, so sign-out can end exactly that session. */
  sessionToken: string | null;
  loaders: Loaders;
  /** Client address for rate limits (and kept with the session, see auth/sessions.ts). */
  clientAddress: string;
  /** The request's User-Agent header (a websocket's handshake's), kept with the session. */
  userAgent: string | null;
  cookies?: CookieJar;
  requestId: string;
  /** Over a websocket: aborts when the connection's session ends, stopping its subscriptions. */
  connection?: { signal: AbortSignal };
}

export async function createContext(
  deps: AppDeps,
  request: {
    token: string | null;
    /** The token's session when the caller already checked it (a websocket does, once). */
    session?: ValidatedSession | null;
    clientAddress: string;
    userAgent?: string | null;
    requestId: string;
    cookies?: CookieJar;
    connection?: Context['connection'];
  },
): Promise<Context> {
  const session =
    request.session !== undefined
      ? request.session
      : request.token
        ? await deps.sessions.validate(request.token)
        : null;
  if (session?.refreshedCookie) request.cookies?.set(session.refreshedCookie);
  const userAgent = request.userAgent ?? null;
  if (session) {
    noteSeen(deps, session.viewer.id);
    deps.sessions.noteSeen(session.sessionId, { userAgent, address: request.clientAddress });
  }
  const viewer = session?.viewer ?? null;
  // Made on first use: a websocket operation keeps its context for the subscription's whole life,
  // and thousands of idle subscriptions must not each hold a logger and forty empty loaders.
  let log: Log | undefined;
  let loaders: Loaders | undefined;
  return {
    ...deps,
    get log() {
      return (log ??= deps.log.child({ requestId: request.requestId }));
    },
    viewer,
    sessionToken: session ? request.token : null,
    get loaders() {
      return (loaders ??= createLoaders(deps.db, viewer));
    },
    /** A subscription starts fresh loaders for each event, so caches never outlive it. */
    set loaders(fresh: Loaders) {
      loaders = fresh;
    },
    clientAddress: request.clientAddress,
    userAgent,
    cookies: request.cookies,
    requestId: request.requestId,
    connection: request.connection,
  };
}
