import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SessionCookie } from './sessions';

/**
 * Short-lived HttpOnly cookies whose value the server wrote and signed: a JSON payload with its
 * expiry, in base64url, a dot, and an HMAC-SHA256 of both with APP_SECRET under the cookie's
 * purpose. The browser only carries them, so what comes back was written here, for this purpose,
 * and has not expired; nothing is stored on the server. Used by the sign-in with an OpenID
 * provider (its state, nonce and PKCE verifier, and the pending link of a provider's account).
 */

export interface SignedCookieOptions {
  name: string;
  /** Separates purposes: a value signed for one is refused by another. */
  purpose: string;
  path: string;
  maxAgeSeconds: number;
  secure: boolean;
}

const signature = (secret: string, purpose: string, body: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${body}`).digest('base64url');

/** The Set-Cookie header for `payload`, valid `maxAgeSeconds` from now. */
export function signedCookie(
  secret: string,
  options: SignedCookieOptions,
  payload: Record<string, unknown>,
  now = Date.now(),
): SessionCookie {
  const body = Buffer.from(
    JSON.stringify({ ...payload, exp: now + options.maxAgeSeconds * 1000 }),
  ).toString('base64url');
  const value = `${body}.${signature(secret, options.purpose, body)}`;
  return { header: cookieHeader(options, value, options.maxAgeSeconds) };
}

/** The Set-Cookie header that removes the cookie. */
export const clearedCookie = (options: SignedCookieOptions): SessionCookie => ({
  header: cookieHeader(options, '', 0),
});

function cookieHeader(options: SignedCookieOptions, value: string, maxAge: number) {
  // SameSite=Lax: the provider sends the browser back with a top-level GET from its own site,
  // which Lax cookies ride along with (Strict ones would not).
  return [
    `${options.name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The payload of a cookie value this server signed for `purpose`; null if forged or expired. */
export function readSignedCookie(
  secret: string,
  purpose: string,
  value: string | undefined,
  now = Date.now(),
): Record<string, unknown> | null {
  if (!value || value.length > 4096) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const body = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(secret, purpose, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { exp } = payload as { exp?: unknown };
  return typeof exp === 'number' && exp > now ? (payload as Record<string, unknown>) : null;
}

/** One cookie's value from a Cookie header (the first of that name), or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
