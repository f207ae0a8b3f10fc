import { randomBytes } from 'node:crypto';
import {
  OAUTH_ACCESS_TOKEN_PREFIX,
  OAUTH_CLIENT_SECRET_PREFIX,
  OAUTH_REFRESH_TOKEN_PREFIX,
  type ApiScope,
} from '@rules';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { oauthGrants, users } from '../db/schema';
import type { Log } from '../log';
import { sessionIdOf, VIEWER_COLUMNS } from './sessions';
import type { TokenAccess } from './api-tokens';

/**
 * OAuth access tokens as the one credential check (credentials.ts) meets them. An access token
 * reads `boat_<grant id>.<random>`: the grant id (not secret) is what its websockets are
 * registered under, so revoking the grant closes the sockets of every access token it issued,
 * refreshed ones included, without a lookup. Only hashes are stored (SHA-256, like sessions).
 */

export const isOAuthAccessToken = (token: string) => token.startsWith(OAUTH_ACCESS_TOKEN_PREFIX);

/** The hash a token, code or secret is stored as. */
export const oauthHashOf = sessionIdOf;

// 30 random bytes: 240 bits, base64url so a token fits a header and a form unquoted.
const random = () => randomBytes(30).toString('base64url');

export const newAccessToken = (grantId: string) =>
  `${OAUTH_ACCESS_TOKEN_PREFIX}${grantId}.${random()}`;
export const newRefreshToken = () => `${OAUTH_REFRESH_TOKEN_PREFIX}${random()}`;
export const newClientSecret = () => `${OAUTH_CLIENT_SECRET_PREFIX}${random()}`;
export const newAuthorizationCode = () => random();
/** Client ids are public: 16 random bytes keep them unguessable all the same. */
export const newClientId = () => randomBytes(16).toString('base64url');

/** The grant an access token names (whether or not it exists). */
const grantIdOf = (token: string) => token.slice(OAUTH_ACCESS_TOKEN_PREFIX.length).split('.')[0]!;

/** The key a grant's websockets are registered and closed under (see live/connections.ts). */
export const grantLiveKey = (grantId: string) => `oauth:${grantId}`;
export const oauthLiveKeyOf = (token: string) => grantLiveKey(grantIdOf(token));

/** `last_used_at` is written at most this often per grant and process. */
const USED_WRITE_INTERVAL_MS = 60_000;
const usedWrites = new Map<string, number>();
const MAX_REMEMBERED = 100_000;

function noteUsed(db: Db, log: Log, grantId: string, now = Date.now()) {
  const last = usedWrites.get(grantId);
  if (last !== undefined && now - last < USED_WRITE_INTERVAL_MS) return;
  if (usedWrites.size >= MAX_REMEMBERED) usedWrites.clear();
  usedWrites.set(grantId, now);
  db.update(oauthGrants)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(oauthGrants.id, grantId))
    .catch((error: unknown) => log.warn({ err: error }, 'oauth token use not recorded'));
}

/** The person and scopes an access token opens, or null when it is unknown, expired or revoked. */
export async function authenticateOAuthToken(
  db: Db,
  log: Log,
  token: string,
): Promise<TokenAccess | null> {
  const lookup = preparedStatement(db, 'oauth_token_and_viewer', (database, name) =>
    database
      .select({ id: oauthGrants.id, scopes: oauthGrants.scopes, viewer: VIEWER_COLUMNS })
      .from(oauthGrants)
      .innerJoin(users, eq(users.id, oauthGrants.userId))
      .where(
        and(
          eq(oauthGrants.accessTokenHash, sql.placeholder('tokenHash')),
          gt(oauthGrants.accessExpiresAt, sql`now()`),
        ),
      )
      .prepare(name),
  );
  const [found] = await lookup.execute({ tokenHash: oauthHashOf(token) });
  if (!found) return null;
  noteUsed(db, log, found.id);
  return { viewer: found.viewer, scopes: new Set<ApiScope>(found.scopes) };
}
