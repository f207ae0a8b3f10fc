import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Request, type Response } from 'express';
import type { SessionCookie } from './auth/sessions';
import { createContext, type AppDeps, type CookieJar } from './context';
import { buildAppSchema } from './graphql/schema';
import { attachSubscriptions, createApollo } from './graphql/server';
import { createRestRouter } from './rest/router';
import { restErrorHandler } from './rest/shell';

function cookieJar(res: Response): CookieJar {
  return {
    set(cookie: SessionCookie) {
      const { maxAge, sameSite, ...rest } = cookie.attributes as {
        maxAge?: number;
        sameSite?: 'lax';
      } & Record<string, unknown>;
      // lucia counts maxAge in seconds, express in milliseconds.
      res.cookie(cookie.name, cookie.value, {
        ...rest,
        sameSite,
        ...(maxAge !== undefined && { maxAge: maxAge * 1000 }),
      });
    },
  };
}

/** Bearer token first (API consumers), then the session cookie (browsers). */
function requestToken(deps: AppDeps, req: Request) {
  const bearer = req.headers.authorization
    ? deps.sessions.readBearer(req.headers.authorization)
    : null;
  return bearer ?? (req.headers.cookie ? deps.sessions.readCookie(req.headers.cookie) : null);
}

const contextFor = (deps: AppDeps, req: Request, res: Response) =>
  createContext(deps, {
    token: requestToken(deps, req),
    clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    requestId: res.locals.requestId as string,
    cookies: cookieJar(res),
  });

export interface RunningApp {
  server: Server;
  close(): Promise<void>;
}

export async function createApp(deps: AppDeps): Promise<RunningApp> {
  const app = express();
  app.disable('x-powered-by');
  // An ETag hashes every JSON body, and API answers are per viewer and seldom repeat byte for
  // byte; the client's static files keep theirs (express.static sets its own).
  app.set('etag', false);
  const server = createServer(app);
  const schema = await buildAppSchema();
  const apollo = createApollo(schema, deps, server);
  await apollo.start();
  const subscriptions = attachSubscriptions(schema, deps, server);

  app.use((req, res, next) => {
    const requestId = req.header('x-request-id') || randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      deps.log.info(
        {
          requestId,
          method: req.method,
          url: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms,
        },
        'request',
      );
    });
    next();
  });

  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', async (_req, res) => {
    try {
      await deps.database.ping();
      res.json({ status: 'ready', database: deps.database.kind });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });

  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    expressMiddleware(apollo, { context: async ({ req, res }) => contextFor(deps, req, res) }),
  );

  const rest = createRestRouter();
  const restContext: express.RequestHandler = async (req, res, next) => {
    res.locals.ctx = await contextFor(deps, req, res);
    next();
  };
  for (const base of ['/api', '/apiv1'])
    app.use(base, restContext, rest, restErrorHandler(deps.log));

  serveClient(app, deps.config.clientDist);

  return {
    server,
    async close() {
      await subscriptions.close();
      await apollo.stop();
    },
  };
}

/** The built client with an SPA fallback; /graphiql is its own page from the same build. */
function serveClient(app: express.Express, dist: string) {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    app.use(
      (_req, res) =>
        void res.status(503).type('text').send('The client is not built yet: run `npm run build`.'),
    );
    return;
  }
  app.get('/graphiql', (_req, res) => res.sendFile(path.join(dist, 'graphiql.html')));
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  app.use((req, res) => {
    if (req.method !== 'GET' || req.path.startsWith('/api'))
      return void res.status(404).json({ success: false });
    res.sendFile(index);
  });
}
