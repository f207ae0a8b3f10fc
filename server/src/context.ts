import { MAX_PAGE_SIZE, type ApiScope } from '@rules';
import { authenticate, type Authenticated, type Credential } from './auth/credentials';
import type { SessionCookie, SessionStore, Viewer } from './auth/sessions';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AppPubSub, LiveTransport } from './graphql/pubsub';
import type { Live } from './live/follow';
import type { Log } from './log';
import type { Mailer } from './mail/mailer';
import type { OidcProvider } from './auth/oidc';
import type { Storage } from './storage/storage';
import { invalidToken } from './errors';
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
  /** Sign-in with an OpenID provider; null when OIDC_CLIENT_ID is not set. */
  oidc: OidcProvider | null;
}

/** How a transport lets a service read the request's cookies and set or clear its own. */
export interface CookieJar {
  set(cookie: SessionCookie): void;
  /** The request's cookie of that name (undefined when it has none). */
  get(name: string): string | undefined;
}

/** Per request (or per websocket operation): who asks, with fresh loaders. */
export interface Context extends AppDeps {
  viewer: Viewer | null;
  /** An access token's scopes; null for a session or signed out (see auth/scopes.ts). */
  scopes: ReadonlySet<ApiScope> | null;
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
  /**
   * The largest list page this transport serves (`pageSize` in db/keyset.ts): MAX_PAGE_SIZE for
   * GraphQL, REST_PAGE_SIZE_MAX for the REST rows.
   */
  pageSizeMax: number;
}

export async function createContext(
  deps: AppDeps,
  request: {
    credential: Credential | null;
    /** The credential's check when the caller already made it (a websocket does, once). */
    authenticated?: Authenticated | null;
    clientAddress: string;
    userAgent?: string | null;
    requestId: string;
    cookies?: CookieJar;
    connection?: Context['connection'];
    /** MAX_PAGE_SIZE unless the transport serves larger pages (REST). */
    pageSizeMax?: number;
  },
): Promise<Context> {
  const { credential } = request;
  const authenticated =
    request.authenticated !== undefined
      ? request.authenticated
      : credential
        ? await authenticate(deps, credential.token)
        : null;
  // A token the client handed over that opens nothing is refused (401), so it learns to renew it;
  // a stale cookie only means signed out.
  if (credential && !credential.fromCookie && !authenticated) throw invalidToken();
  const session = authenticated?.session ?? null;
  if (session?.refreshedCookie) request.cookies?.set(session.refreshedCookie);
  const userAgent = request.userAgent ?? null;
  if (authenticated) noteSeen(deps, authenticated.viewer.id);
  if (session)
    deps.sessions.noteSeen(session.sessionId, { userAgent, address: request.clientAddress });
  const viewer = authenticated?.viewer ?? null;
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
    scopes: authenticated?.scopes ?? null,
    sessionToken: session && credential ? credential.token : null,
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
    pageSizeMax: request.pageSizeMax ?? MAX_PAGE_SIZE,
  };
}
