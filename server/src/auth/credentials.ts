import type { ApiScope } from '@rules';
import type { Db } from '../db/client';
import type { Log } from '../log';
import { authenticateApiToken, isApiToken, tokenLiveKey } from './api-tokens';
import { authenticateOAuthToken, isOAuthAccessToken, oauthLiveKeyOf } from './oauth-tokens';
import { sessionIdOf, type SessionStore, type ValidatedSession, type Viewer } from './sessions';

/**
 * Who a credential opens, whatever it is: a session (the site's cookie, or its token as Bearer),
 * a personal access token, or an OAuth app's access token. Every transport asks here, and nowhere
 * else.
 */
export interface Authenticated {
  viewer: Viewer;
  /** A token's scopes; null for a session, which may do all its person may. */
  scopes: ReadonlySet<ApiScope> | null;
  /** The session, for a session (sign-out ends exactly it; a fresh cookie is set from it). */
  session: ValidatedSession | null;
}

/**
 * What a credential's websockets are registered under, known before it is checked, so an ending
 * announced during the check still finds them: a session's id, a token's (both hashes), or an OAuth
 * access token's grant (revoking an app's access closes every socket its tokens opened).
 */
export const liveKeyOf = (token: string) =>
  isApiToken(token)
    ? tokenLiveKey(sessionIdOf(token))
    : isOAuthAccessToken(token)
      ? oauthLiveKeyOf(token)
      : sessionIdOf(token);

/**
 * Where a request's credential came from: the client's own hand (an Authorization header, a
 * websocket's connectionParams), which is refused when it opens nothing, or the cookie, which then
 * just means signed out (it expired in the browser's jar).
 */
export interface Credential {
  token: string;
  fromCookie: boolean;
}

export async function authenticate(
  deps: { db: Db; log: Log; sessions: SessionStore },
  token: string,
): Promise<Authenticated | null> {
  if (isApiToken(token)) {
    const access = await authenticateApiToken(deps.db, deps.log, token);
    return access && { viewer: access.viewer, scopes: access.scopes, session: null };
  }
  if (isOAuthAccessToken(token)) {
    const access = await authenticateOAuthToken(deps.db, deps.log, token);
    return access && { viewer: access.viewer, scopes: access.scopes, session: null };
  }
  const session = await deps.sessions.validate(token);
  return session && { viewer: session.viewer, scopes: null, session };
}
