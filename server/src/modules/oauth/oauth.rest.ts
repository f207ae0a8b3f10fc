import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { expectedError } from '../../errors';
import type { OAuthDeps } from './oauth-model';
import {
  authorizationServerMetadata,
  exchangeToken,
  registerClient,
  revokeToken,
  type OAuthAnswer,
} from './oauth-protocol.service';

/**
 * The OAuth endpoints the RFCs define, outside the REST layer's shape and guards: they answer in
 * the protocol's own JSON (`{ error, error_description }`), read form bodies (token, revoke) or
 * JSON (registration), and no session cookie plays a part in them. The authorization endpoint is
 * the client's page /oauth/authorize (consent), which answers through GraphQL.
 */

export const OAUTH_METADATA_PATH = '/.well-known/oauth-authorization-server';

/** Paths any origin's page may call (no credentials: an app's own tokens and client id only). */
const OPEN_PATHS = new Set([
  OAUTH_METADATA_PATH,
  '/api/oauth/token',
  '/api/oauth/revoke',
  '/api/oauth/register',
]);

export const isOpenOAuthRequest = (url: string | undefined) =>
  url !== undefined && OPEN_PATHS.has(url.split('?')[0]!);

/**
 * CORS for the OAuth endpoints: a browser app on any origin (a single-page app is a public client)
 * must reach the token, revocation and registration endpoints and read the metadata. None of them
 * reads a cookie, so `*` without credentials gives a page nothing it could not get by itself.
 * True when the request was a preflight and has been answered.
 */
export function openOAuthCors(req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader('access-control-allow-origin', '*');
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false;
  res.setHeader('access-control-allow-methods', 'GET, POST');
  res.setHeader('access-control-allow-headers', 'authorization, content-type');
  res.setHeader('access-control-max-age', '7200');
  res.writeHead(204).end();
  return true;
}

const send = (res: Response, answer: OAuthAnswer) =>
  void res.status(answer.status).set(answer.headers).json(answer.body);

const httpRequest = (req: Request) => ({
  method: req.method,
  headers: req.headers,
  query: req.query as Record<string, unknown>,
  body: req.body as unknown,
});

/** Failures outside the protocol's own answers, still in its shape (RFC 6749 §5.2, RFC 7591 §3.2.2). */
function oauthErrorHandler(deps: OAuthDeps): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const known = expectedError(error);
    if (!known) deps.log.error({ err: error }, 'unexpected OAuth endpoint error');
    if (known?.details.retryAfterSeconds)
      res.setHeader('Retry-After', String(known.details.retryAfterSeconds));
    const status = known?.code === 'RATE_LIMITED' ? 429 : known ? 400 : 500;
    res.status(status).json({
      error:
        status === 500
          ? 'server_error'
          : status === 429
            ? 'temporarily_unavailable'
            : 'invalid_request',
      error_description: known?.message ?? 'Internal error',
    });
  };
}

/** /api/oauth: token, revoke and register. */
export function createOAuthRouter(
  deps: OAuthDeps,
  clientAddressOf: (req: IncomingMessage) => string,
): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '16kb' });
  router.post('/token', form, async (req, res) => {
    send(res, await exchangeToken(deps, httpRequest(req)));
  });
  router.post('/revoke', form, async (req, res) => {
    send(res, await revokeToken(deps, httpRequest(req)));
  });
  router.post('/register', express.json({ limit: '16kb' }), async (req, res) => {
    send(res, await registerClient(deps, clientAddressOf(req), req.body));
  });
  router.use((_req, res) => {
    res.status(404).json({ error: 'invalid_request', error_description: 'Not found' });
  });
  router.use(oauthErrorHandler(deps));
  return router;
}

/** GET /.well-known/oauth-authorization-server (RFC 8414). */
export const oauthMetadata = (deps: OAuthDeps) => (_req: Request, res: Response) =>
  void res.json(authorizationServerMetadata(deps));
