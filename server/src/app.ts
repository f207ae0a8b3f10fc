import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import express from 'express';
import proxyaddr from 'proxy-addr';
import { REST_PAGE_SIZE_MAX } from '@rules';
import type { Credential } from './auth/credentials';
import { cookieValue } from './auth/signed-cookies';
import type { Config } from './config';
import { createContext, type AppDeps, type CookieJar } from './context';
import { crossOrigin } from './cors';
import { UNAVAILABLE_RETRY_SECONDS } from './errors';
import { graphqlHttpHandler, isGraphqlRequest } from './graphql/http';
import { buildAppSchema } from './graphql/schema';
import { createApollo } from './graphql/server';
import { answerWithin } from './request-deadline';
import { attachSubscriptions } from './graphql/websocket';
import { createRestRouter } from './rest/router';
import { restErrorHandler } from './rest/shell';
import { createUploadsRouter } from './rest/uploads';
import { createTusUploads, isTusRequest } from './modules/media/uploads.tus';
import {
  OAUTH_METADATA_PATH,
  createOAuthRouter,
  isOpenOAuthRequest,
  oauthMetadata,
  openOAuthCors,
} from './modules/oauth/oauth.rest';
import { securityHeaders } from './security-headers';
import { staticClient } from './static-client';

const cookieJar = (req: IncomingMessage, res: ServerResponse): CookieJar => ({
  set: (cookie) => void res.appendHeader('set-cookie', cookie.header),
  get: (name) => cookieValue(req.headers.cookie, name),
});

/** Bearer token first (API consumers), then the session cookie (browsers). */
function requestCredential(deps: AppDeps, req: IncomingMessage): Credential | null {
  const bearer = req.headers.authorization
    ? deps.sessions.readBearer(req.headers.authorization)
    : null;
  if (bearer) return { token: bearer, fromCookie: false };
  const cookie = req.headers.cookie ? deps.sessions.readCookie(req.headers.cookie) : null;
  return cookie ? { token: cookie, fromCookie: true } : null;
}

/**
 * Gives the request its id (the caller's x-request-id, else a new one), echoes it back, and logs
 * the request with its status and duration when it finishes.
 */
function trackRequest(deps: AppDeps, req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const requestId = (Array.isArray(given) ? given[0] : given) || randomUUID();
  res.setHeader('x-request-id', requestId);
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    deps.log.info(
      { requestId, method: req.method, url: req.url?.split('?')[0], status: res.statusCode, ms },
      'request',
    );
  });
  return requestId;
}

/**
 * The one client address every rate limit keys on, over REST, GraphQL over HTTP and websockets
 * alike. express compiles TRUST_PROXY into its `trust proxy` function (a hop count, or addresses
 * and CIDRs), and proxy-addr walks X-Forwarded-For with it exactly as express's `req.ip` does,
 * also for the requests express never routes (/graphql, websocket handshakes): entries are
 * believed only while the hop that added them is a trusted proxy, so a forged X-Forwarded-For
 * from anyone else keys on the peer itself. X-Forwarded-Proto and -Host are never read (see
 * auth/origin.ts).
 */
function clientAddressResolver(app: express.Express, trustProxy: Config['trustProxy']) {
  app.set('trust proxy', trustProxy);
  const trusted = app.get('trust proxy fn') as Parameters<typeof proxyaddr>[1];
  return (req: IncomingMessage) => proxyaddr(req, trusted);
}

const contextFor = (
  deps: AppDeps,
  clientAddressOf: (req: IncomingMessage) => string,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  pageSizeMax?: number,
) =>
  createContext(deps, {
    credential: requestCredential(deps, req),
    clientAddress: clientAddressOf(req),
    userAgent: req.headers['user-agent'] ?? null,
    requestId,
    cookies: cookieJar(req, res),
    pageSizeMax,
  });

const READY_TIMEOUT_MS = 1000;

/** The REST layer's paths (the spec's two clients). */
const isApiRequest = (url: string | undefined) => url !== undefined && /^\/api(v1)?\//.test(url);

/** `promise`, or a rejection once `ms` have passed. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface RunningApp {
  server: Server;
  close(): Promise<void>;
}

export async function createApp(deps: AppDeps): Promise<RunningApp> {
  const app = express();
  app.disable('x-powered-by');
  // An ETag hashes every JSON body, and API answers are per viewer and seldom repeat byte for
  // byte; the client's static files keep theirs (static-client.ts).
  app.set('etag', false);
  const clientAddressOf = clientAddressResolver(app, deps.config.trustProxy);
  // Apollo's drain plugin needs the HTTP server before Apollo exists, so /graphql is wired once
  // Apollo has started; nothing arrives before that, as the server listens after createApp.
  let graphqlHttp: ReturnType<typeof graphqlHttpHandler> | null = null;
  const withSecurityHeaders = securityHeaders({
    https: deps.config.publicUrl.startsWith('https://'),
    tileUrl: deps.config.tileUrl,
  });
  const withCors = crossOrigin(deps.config.corsOrigins);
  const server = createServer((req, res) =>
    // Set before the request is routed, so that /graphql (answered outside express) has them too.
    withSecurityHeaders(req, res, () => {
      const api = isGraphqlRequest(req.url) || isApiRequest(req.url);
      // The OAuth endpoints are open to every origin (oauth.rest.ts); the API to CORS_ORIGINS.
      const cors = isOpenOAuthRequest(req.url) ? openOAuthCors : api ? withCors : null;
      if (cors?.(req, res)) return;
      if (graphqlHttp && isGraphqlRequest(req.url)) {
        answerWithin(res, deps.config.requestTimeoutMs, 'graphql');
        void graphqlHttp(req, res, trackRequest(deps, req, res));
      } else {
        // A tus PATCH lasts as long as its chunk takes to arrive: it has no deadline.
        if (isApiRequest(req.url) && !isTusRequest(req.url))
          answerWithin(res, deps.config.requestTimeoutMs, 'rest');
        app(req, res);
      }
    }),
  );
  const schema = await buildAppSchema();
  const apollo = createApollo(schema, deps, server);
  await apollo.start();
  graphqlHttp = graphqlHttpHandler(
    apollo,
    (req, res, requestId) => contextFor(deps, clientAddressOf, req, res, requestId),
    deps.log,
  );
  const subscriptions = attachSubscriptions(schema, deps, server, clientAddressOf);

  app.use((req, res, next) => {
    res.locals.requestId = trackRequest(deps, req, res);
    next();
  });

  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', async (_req, res) => {
    const live = { transport: deps.transport.kind, listening: deps.transport.listening() };
    try {
      await withTimeout(deps.database.ping(), READY_TIMEOUT_MS);
      // A process not hearing other processes' live events would serve subscriptions that miss
      // them: not ready until its listener is back (after a database or Redis restart).
      if (!live.listening) throw new Error('live events: not listening');
      res.json({ status: 'ready', database: deps.database.kind, live });
    } catch {
      // A load balancer asks often and must hear "not ready" at once, not wait for a reconnect.
      res.status(503).setHeader('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
      res.json({ status: 'unavailable', live });
    }
  });

  const rest = createRestRouter();
  const restContext: express.RequestHandler = async (req, res, next) => {
    res.locals.ctx = await contextFor(
      deps,
      clientAddressOf,
      req,
      res,
      res.locals.requestId as string,
      // The spec's client asks for pages of up to 1000 (001 §9); GraphQL's stay at MAX_PAGE_SIZE.
      REST_PAGE_SIZE_MAX,
    );
    next();
  };
  const tusUploads = createTusUploads(deps);
  app.get(OAUTH_METADATA_PATH, oauthMetadata(deps));
  app.use('/api/oauth', createOAuthRouter(deps, clientAddressOf));
  for (const base of ['/api', '/apiv1']) {
    app.use(`${base}/uploads`, restContext, tusUploads.router, restErrorHandler(deps.log));
    app.use(base, restContext, rest, restErrorHandler(deps.log));
  }
  app.use('/uploads', restContext, createUploadsRouter(), restErrorHandler(deps.log));

  app.use(staticClient(deps.config.clientDist));

  return {
    server,
    async close() {
      tusUploads.close();
      await subscriptions.close();
      await apollo.stop();
    },
  };
}
