import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiScope } from '@rules';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { apiTokens, users } from '../db/schema';
import type { Log } from '../log';
import { sessionIdOf, VIEWER_COLUMNS, type Viewer } from './sessions';

/** A personal access token as the request finds it: its person, scopes and live-connection key. */
export interface TokenAccess {
  viewer: Viewer;
  scopes: ReadonlySet<ApiScope>;
}

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/** A new token (shown once) and the hash that is all the server keeps of it. */
export function newApiToken() {
  // 30 random bytes: 240 bits, like a session's 200, base64url so it fits a header unquoted.
  const token = `${API_TOKEN_PREFIX}${randomBytes(30).toString('base64url')}`;
  return { token, tokenHash: sessionIdOf(token) };
}

/** The key a token's websockets are registered and closed under (see live/connections.ts). */
export const tokenLiveKey = (tokenHash: string) => `token:${tokenHash}`;

/** `last_used_at` is written at most this often per token and process. */
const USED_WRITE_INTERVAL_MS = 60_000;
const usedWrites = new Map<string, number>();
const MAX_REMEMBERED = 100_000;

function noteUsed(db: Db, log: Log, tokenId: string, now = Date.now()) {
  const last = usedWrites.get(tokenId);
  if (last !== undefined && now - last < USED_WRITE_INTERVAL_MS) return;
  if (usedWrites.size >= MAX_REMEMBERED) usedWrites.clear();
  usedWrites.set(tokenId, now);
  db.update(apiTokens)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(apiTokens.id, tokenId))
    .catch((error: unknown) => log.warn({ err: error }, 'token use not recorded'));
}

/** The person and scopes a token opens, or null when it is unknown, expired or revoked. */
export async function authenticateApiToken(
  db: Db,
  log: Log,
  token: string,
): Promise<TokenAccess | null> {
  const lookup = preparedStatement(db, 'api_token_and_viewer', (database, name) =>
    database
      .select({ id: apiTokens.id, scopes: apiTokens.scopes, viewer: VIEWER_COLUMNS })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(
        and(
          eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
          gt(apiTokens.expiresAt, sql`now()`),
        ),
      )
      .prepare(name),
  );
  const [found] = await lookup.execute({ tokenHash: sessionIdOf(token) });
  if (!found) return null;
  noteUsed(db, log, found.id);
  return { viewer: found.viewer, scopes: new Set(found.scopes) };
}
