import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Cross-origin access to the API (/graphql, /api, /apiv1) for the pages of CORS_ORIGINS: app.ts
 * runs it where node:http hands a request over, before GraphQL, REST or tus see it. A listed
 * origin's preflight is answered here, and its requests' answers name it in
 * Access-Control-Allow-Origin; any other origin gets no CORS header, so its browser keeps the
 * answer from the page. With no origins listed nothing is added and nothing is answered here.
 *
 * Access-Control-Allow-Credentials is never sent: a browser then leaves the session cookie off
 * every request it must preflight, and shows the page no answer to one it sends with the cookie
 * unasked (a simple request, which REST's CSRF guard and Apollo's CSRF prevention refuse anyway
 * when it writes). So another origin's page reaches the API only with a token it holds itself
 * (`Authorization: Bearer`), and a listed origin is still not this site for the cookie checks
 * (auth/origin.ts).
 */

/** REST's methods (tus adds HEAD and PATCH); OPTIONS is the preflight itself. */
const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, DELETE';

/**
 * What clients of this API send beyond the CORS-safelisted headers: the token, JSON, the request
 * id they may pass, the script markers that REST's CSRF guard and Apollo's CSRF prevention read,
 * and what a tus client sends to upload.
 */
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'x-request-id',
  'x-requested-with',
  'apollo-require-preflight',
  'x-apollo-operation-name',
  'tus-resumable',
  'upload-length',
  'upload-defer-length',
  'upload-metadata',
  'upload-offset',
].join(', ');

/** What a page may read beyond the safelisted headers: an id to quote, when to retry (429, 503). */
const EXPOSED_HEADERS = 'x-request-id, retry-after';

/** Two hours: the longest Chromium keeps a preflight (Firefox would keep it a day). */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/**
 * Adds the CORS headers the request's Origin earns; true when the request was a preflight and has
 * been answered (204), false when it goes on to its route.
 */
export function crossOrigin(origins: readonly string[]) {
  const allowed = new Set(origins);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (allowed.size === 0) return false;
    // The answer depends on Origin from here on: a cache must not hand one origin's to another.
    res.setHeader('vary', 'Origin');
    const origin = req.headers.origin;
    const permitted = origin !== undefined && allowed.has(origin);
    if (permitted) res.setHeader('access-control-allow-origin', origin);
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'];
    if (!preflight) {
      if (permitted) res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
      return false;
    }
    if (permitted) {
      res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
      res.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
      res.setHeader('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
    }
    // Answered for every origin: one not listed learns nothing it could use, and no route runs.
    res.writeHead(204).end();
    return true;
  };
}
