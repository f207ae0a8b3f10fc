import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a browser request's `Origin` is this server's own: the Host it was reached at, or
 * PUBLIC_URL's origin. The one check behind every refusal of a cookie-authenticated request made
 * by another page (REST's CSRF guard, the websocket's handshake). `Origin` is set by the browser,
 * and a page cannot forge it.
 *
 * An absent Origin is not this server: browsers send it on every websocket handshake and on every
 * POST, PATCH and DELETE, same-site or cross-site, so only a non-browser client leaves it out, and
 * such clients use Bearer tokens. `Origin: null` (sandboxed frames, privacy redirects) is never
 * this server. X-Forwarded-Host is not read even from a trusted proxy: the browser's own Host, or
 * PUBLIC_URL behind a proxy that rewrites Host, already names the address its pages came from.
 */
export function isOwnOrigin(headers: IncomingHttpHeaders, publicUrl: string): boolean {
  const origin = headers.origin;
  if (!origin || origin === 'null') return false;
  let given: URL;
  try {
    given = new URL(origin);
  } catch {
    return false;
  }
  if (headers.host && given.host === headers.host.toLowerCase()) return true;
  return publicUrl !== '' && given.origin === new URL(publicUrl).origin;
}
