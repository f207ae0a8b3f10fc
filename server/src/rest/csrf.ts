import type { Request, RequestHandler } from 'express';
import { isOwnOrigin } from '../auth/origin';
import { AppError } from '../errors';
import { contextOf } from './shell';

/**
 * Cross-site request forgery guard for REST writes made with the session cookie. SameSite=Lax keeps
 * the cookie off cross-site POSTs in current browsers, but not off those from another origin of the
 * same site (a sibling subdomain) nor in older browsers, and a form or `text/plain` POST needs no
 * CORS permission. So a cookie-authenticated write must prove it came from this app's own pages:
 *
 * - a JSON content type (`application/json`, `application/*+json`) or an `X-Requested-With`
 *   header: a cross-site page cannot send either without a CORS preflight, which this server
 *   grants only to CORS_ORIGINS and never with credentials (cors.ts), so no preflighted request
 *   carries the cookie;
 * - and an `Origin` that is this server's (`isOwnOrigin`, which the websocket's handshake uses
 *   too; a CORS_ORIGINS page is not); an absent Origin is refused. With Origin required, `Sec-Fetch-Site` would add nothing,
 *   so it is not read.
 *
 * Bearer-token calls carry no ambient credential and signed-out calls no session to abuse, so both
 * pass untouched (sign-in keeps working from anywhere). Reads (GET, HEAD, OPTIONS) change nothing.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/iu;

const isJson = (req: Request) => JSON_TYPE.test(req.headers['content-type'] ?? '');

export const csrfGuard: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const ctx = contextOf(res);
  const bearer = req.headers.authorization
    ? ctx.sessions.readBearer(req.headers.authorization)
    : null;
  if (!ctx.viewer || bearer) return next();
  const provesScript = isJson(req) || Boolean(req.headers['x-requested-with']);
  if (!provesScript || !isOwnOrigin(req.headers, ctx.config.publicUrl))
    throw AppError.fromMessage('FORBIDDEN', 'crossSiteRequest');
  next();
};
