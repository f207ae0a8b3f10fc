/**
 * Rules for OAuth 2.1 apps (third-party apps a person lets call the API for them), shared by server
 * and client. The scopes are the personal access tokens' (tokens.ts). Messages a user may see
 * translate under `oauth:errors.<key>`. The zod validators live in oauth.schemas.ts.
 */
import { API_SCOPES, type ApiScope } from './tokens';

/** What tells an OAuth token from a session or a personal access token without a lookup. */
export const OAUTH_ACCESS_TOKEN_PREFIX = 'boat_';
export const OAUTH_REFRESH_TOKEN_PREFIX = 'bort_';
export const OAUTH_CLIENT_SECRET_PREFIX = 'bocs_';

/** An access token opens the API for an hour; its refresh token gets a new pair for 30 days. */
export const OAUTH_ACCESS_TOKEN_SECONDS = 60 * 60;
export const OAUTH_REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
/** An authorization code is exchanged at once by a working app: it lasts five minutes. */
export const OAUTH_CODE_SECONDS = 5 * 60;

/** What an app that asks for no scope gets: reading, nothing more. */
export const OAUTH_DEFAULT_SCOPES: readonly ApiScope[] = ['read'];

export const OAUTH_APP_NAME_MAX = 100;
export const OAUTH_REDIRECT_URIS_MAX = 10;
/** The longest redirect URI an app may register (browsers' practical URL limit). */
export const OAUTH_REDIRECT_URI_MAX = 2048;
/** The longest scope string a registration may send (all five scopes fit many times over). */
export const OAUTH_SCOPE_MAX = 200;
/** Apps one person may register from settings. */
export const OAUTH_APPS_MAX = 25;

/** Dynamic client registrations (RFC 7591) per client address: a developer's busy afternoon. */
export const OAUTH_REGISTER_LIMIT = { max: 20, windowSeconds: 60 * 60 } as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a redirect URI's host is this machine (where a native app listens on any port). */
export const isLoopbackHost = (hostname: string) => LOOPBACK_HOSTS.has(hostname);

/**
 * A redirect URI an app may register: an absolute https URL, or http on localhost, 127.0.0.1 or
 * [::1] (an app on the person's own machine), without a fragment (RFC 6749 §3.1.2) and without
 * user or password in it.
 */
export function isAllowedRedirectUri(value: string): boolean {
  if (value.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || value.includes('#') || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/** Scopes as OAuth writes them (space-separated), parsed; null when one is not ours. */
export function parseScopeText(text: string): ApiScope[] | null {
  const words = text.split(' ').filter(Boolean);
  if (!words.every((word) => (API_SCOPES as readonly string[]).includes(word))) return null;
  return [...new Set(words as ApiScope[])];
}

export const OAUTH_MESSAGES = {
  nameRequired: 'Give the app a name',
  nameMax: `An app's name is at most ${OAUTH_APP_NAME_MAX} characters`,
  redirectUriRequired: 'Give at least one redirect URI',
  redirectUriInvalid:
    'A redirect URI is an https address, or http on localhost or 127.0.0.1, without a #fragment',
  redirectUrisMax: `An app has at most ${OAUTH_REDIRECT_URIS_MAX} redirect URIs`,
  tooMany: `You have registered ${OAUTH_APPS_MAX} apps: delete one first`,
  unknownApp: 'No app is registered with this client id',
  redirectMismatch: 'This redirect URI is not one the app registered',
  badRequest: 'This authorization request is malformed',
} as const;
