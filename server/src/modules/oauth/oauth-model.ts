import { randomUUID, timingSafeEqual } from 'node:crypto';
import OAuth2Server, {
  type AuthorizationCode,
  type AuthorizationCodeModel,
  type Client,
  type RefreshToken,
  type RefreshTokenModel,
  type Token,
  type User,
} from '@node-oauth/oauth2-server';
import { API_SCOPES, OAUTH_DEFAULT_SCOPES, isLoopbackHost, type ApiScope } from '@rules';
import { and, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import {
  grantLiveKey,
  newAccessToken,
  newAuthorizationCode,
  newRefreshToken,
  oauthHashOf,
} from '../../auth/oauth-tokens';
import type { AppDeps } from '../../context';
import { oauthClients, oauthCodes, oauthGrants, users } from '../../db/schema';

/**
 * The model @node-oauth/oauth2-server runs the protocol on (authorization codes with PKCE, token
 * exchange, refresh with rotation), over our tables. The library checks the protocol; this file
 * only stores, finds and revokes.
 */

/** What the model needs of the app: the database, and live events to close revoked sockets. */
export type OAuthDeps = Pick<AppDeps, 'db' | 'pubsub' | 'log' | 'config'>;

/** An app as the library sees it. Every app may use both grants. */
export interface OAuthClient extends Client {
  id: string;
  name: string;
  redirectUris: string[];
  grants: string[];
  scopes: ApiScope[];
  confidential: boolean;
  /** Who registered it in settings; null when it registered itself (RFC 7591). */
  ownerId: string | null;
}

/**
 * A person as the library carries them from the consent (or a code, or a refresh token) to the
 * tokens: whether they may grant the admin scope, and the grant the tokens belong to.
 */
export interface OAuthUser extends User {
  id: string;
  mayGrantAdmin: boolean;
  grantId?: string;
}

export const OAUTH_GRANTS = ['authorization_code', 'refresh_token'];

const CLIENT_COLUMNS = {
  id: oauthClients.id,
  name: oauthClients.name,
  redirectUris: oauthClients.redirectUris,
  secretHash: oauthClients.secretHash,
  scopes: oauthClients.scopes,
  ownerId: oauthClients.ownerId,
};

interface ClientRow {
  id: string;
  name: string;
  redirectUris: string[];
  secretHash: string | null;
  scopes: ApiScope[];
  ownerId: string | null;
}

const asClient = (row: ClientRow) =>
  ({
    id: row.id,
    name: row.name,
    redirectUris: row.redirectUris,
    grants: OAUTH_GRANTS,
    scopes: row.scopes,
    confidential: row.secretHash !== null,
    ownerId: row.ownerId,
  }) satisfies OAuthClient;

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The app with this client id, or null. */
export async function findClient(deps: OAuthDeps, clientId: string): Promise<OAuthClient | null> {
  const [row] = await deps.db
    .select(CLIENT_COLUMNS)
    .from(oauthClients)
    .where(eq(oauthClients.id, clientId));
  return row ? asClient(row) : null;
}

/**
 * The app a token request names, when it proves itself: a confidential app by its secret (basic or
 * in the body), a public one by its id alone (its proof is PKCE, or the refresh token it holds).
 */
export async function authenticateClient(
  deps: OAuthDeps,
  clientId: string,
  clientSecret: string | undefined | null,
): Promise<OAuthClient | null> {
  const [row] = await deps.db
    .select(CLIENT_COLUMNS)
    .from(oauthClients)
    .where(eq(oauthClients.id, clientId));
  if (!row) return null;
  if (row.secretHash === null) return clientSecret ? null : asClient(row);
  if (!clientSecret || !sameHash(oauthHashOf(clientSecret), row.secretHash)) return null;
  return asClient(row);
}

/**
 * Whether `uri` is one the app registered: the same string, or, for an app on the person's own
 * machine (http on a loopback host), the same but for the port, which a native app picks when it
 * starts (RFC 8252 §7.3, OAuth 2.1 §8.4.2).
 */
export function redirectUriMatches(uri: string, registered: readonly string[]): boolean {
  if (registered.includes(uri)) return true;
  let asked: URL;
  try {
    asked = new URL(uri);
  } catch {
    return false;
  }
  if (asked.protocol !== 'http:' || !isLoopbackHost(asked.hostname)) return false;
  return registered.some((candidate) => {
    const known = new URL(candidate);
    return (
      known.protocol === 'http:' &&
      known.hostname === asked.hostname &&
      known.pathname === asked.pathname &&
      known.search === asked.search
    );
  });
}

/**
 * The scopes a grant gets: those asked for (read when none), less those the app did not register
 * and admin unless the person is a site admin or moderator; null (invalid_scope) when a scope is
 * not ours or nothing is left.
 */
export function grantableScopes(
  user: Pick<OAuthUser, 'mayGrantAdmin'>,
  client: Pick<OAuthClient, 'scopes'>,
  asked: readonly string[] | undefined,
): ApiScope[] | null {
  const wanted = asked?.length ? asked : OAUTH_DEFAULT_SCOPES;
  if (!wanted.every((scope) => (API_SCOPES as readonly string[]).includes(scope))) return null;
  const granted = API_SCOPES.filter(
    (scope) =>
      wanted.includes(scope) &&
      client.scopes.includes(scope) &&
      (scope !== 'admin' || user.mayGrantAdmin),
  );
  return granted.length ? granted : null;
}

/** Deletes grants (all of them or some) and closes the websockets their tokens opened. */
export async function revokeGrants(deps: OAuthDeps, where: SQL | undefined) {
  const removed = await deps.db.delete(oauthGrants).where(where).returning({ id: oauthGrants.id });
  if (removed.length)
    await deps.pubsub.publish('sessionsEnded', {
      sessionIds: removed.map(({ id }) => grantLiveKey(id)),
    });
  return removed.length;
}

async function userOf(deps: OAuthDeps, userId: string, grantId: string): Promise<OAuthUser | null> {
  const [row] = await deps.db
    .select({ id: users.id, isAdmin: users.isAdmin, isModerator: users.isModerator })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { id: row.id, mayGrantAdmin: row.isAdmin || row.isModerator, grantId } : null;
}

/** Only S256: `plain` would hand the verifier to whoever sees the authorization request. */
const CODE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/u;

/**
 * The model for one request. `checkSecrets`: at the token endpoint a confidential app must prove
 * itself; at the authorization endpoint no app does (the person's consent is the check).
 */
export function oauthModel(
  deps: OAuthDeps,
  { checkSecrets }: { checkSecrets: boolean },
): AuthorizationCodeModel & RefreshTokenModel {
  return {
    async getClient(clientId, clientSecret) {
      return checkSecrets
        ? authenticateClient(deps, clientId, clientSecret)
        : findClient(deps, clientId);
    },

    async validateScope(user, client, scope) {
      return grantableScopes(user as OAuthUser, client as OAuthClient, scope) ?? false;
    },

    async validateRedirectUri(redirectUri, client) {
      return redirectUriMatches(redirectUri, (client as OAuthClient).redirectUris);
    },

    async generateAuthorizationCode() {
      return newAuthorizationCode();
    },

    async saveAuthorizationCode(code, client, user) {
      if (!code.codeChallenge || !CODE_CHALLENGE.test(code.codeChallenge))
        throw new OAuth2Server.InvalidRequestError(
          'Invalid request: PKCE is required: send a `code_challenge` with method S256',
        );
      if (code.codeChallengeMethod !== 'S256')
        throw new OAuth2Server.InvalidRequestError(
          'Invalid request: `code_challenge_method` must be S256',
        );
      // Codes past their five minutes are of no use, replayed or not.
      await deps.db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, new Date()));
      await deps.db.insert(oauthCodes).values({
        codeHash: oauthHashOf(code.authorizationCode),
        clientId: client.id,
        userId: (user as OAuthUser).id,
        redirectUri: code.redirectUri,
        scopes: (code.scope ?? []) as ApiScope[],
        codeChallenge: code.codeChallenge,
        codeChallengeMethod: code.codeChallengeMethod,
        expiresAt: code.expiresAt,
      });
      return { ...code, client, user };
    },

    /**
     * The code, with a new grant id for the tokens it will open. A code presented again (it has
     * opened a grant already) revokes that grant: someone else holds the code (OAuth 2.1 §4.1.3).
     */
    async getAuthorizationCode(authorizationCode): Promise<AuthorizationCode | null> {
      const [row] = await deps.db
        .select()
        .from(oauthCodes)
        .where(eq(oauthCodes.codeHash, oauthHashOf(authorizationCode)));
      if (!row) return null;
      if (row.grantId) {
        await revokeGrants(deps, eq(oauthGrants.id, row.grantId));
        return null;
      }
      const [client, user] = await Promise.all([
        findClient(deps, row.clientId),
        userOf(deps, row.userId, randomUUID()),
      ]);
      if (!client || !user) return null;
      return {
        authorizationCode,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        scope: row.scopes,
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: row.codeChallengeMethod,
        client,
        user,
      };
    },

    /** Marks the code used by its grant; false when another exchange took it first. */
    async revokeAuthorizationCode(code) {
      const used = await deps.db
        .update(oauthCodes)
        .set({ grantId: (code.user as OAuthUser).grantId })
        .where(
          and(
            eq(oauthCodes.codeHash, oauthHashOf(code.authorizationCode)),
            isNull(oauthCodes.grantId),
          ),
        )
        .returning({ codeHash: oauthCodes.codeHash });
      return used.length === 1;
    },

    async generateAccessToken(_client, user) {
      return newAccessToken((user as OAuthUser).grantId!);
    },

    async generateRefreshToken() {
      return newRefreshToken();
    },

    /**
     * A code's exchange starts a grant; a refresh gives the grant its new pair (the refresh token
     * it replaced was set aside by `revokeToken`).
     */
    async saveToken(token, client, user): Promise<Token> {
      const grantId = (user as OAuthUser).grantId!;
      const scopes = (token.scope ?? []) as ApiScope[];
      const values = {
        scopes,
        accessTokenHash: oauthHashOf(token.accessToken),
        accessExpiresAt: token.accessTokenExpiresAt!,
        refreshTokenHash: token.refreshToken ? oauthHashOf(token.refreshToken) : null,
        refreshExpiresAt: token.refreshTokenExpiresAt ?? token.accessTokenExpiresAt!,
      };
      if (token.authorizationCode) {
        // Grants whose refresh tokens have run out are of no use to anyone: cleared as new come.
        await deps.db.delete(oauthGrants).where(lt(oauthGrants.refreshExpiresAt, new Date()));
        await deps.db
          .insert(oauthGrants)
          .values({ id: grantId, clientId: client.id, userId: (user as OAuthUser).id, ...values });
      } else {
        const updated = await deps.db
          .update(oauthGrants)
          .set(values)
          .where(eq(oauthGrants.id, grantId))
          .returning({ id: oauthGrants.id });
        if (!updated.length)
          throw new OAuth2Server.InvalidGrantError('Invalid grant: the grant was revoked');
      }
      return { ...token, client, user };
    },

    /**
     * The refresh token's grant. A refresh token that was already exchanged (the one before the
     * current) means two parties hold the grant's tokens: the grant is revoked (OAuth 2.1 §4.3.1).
     */
    async getRefreshToken(refreshToken): Promise<RefreshToken | null> {
      const hash = oauthHashOf(refreshToken);
      const [row] = await deps.db
        .select({
          id: oauthGrants.id,
          clientId: oauthGrants.clientId,
          userId: oauthGrants.userId,
          scopes: oauthGrants.scopes,
          refreshTokenHash: oauthGrants.refreshTokenHash,
          refreshExpiresAt: oauthGrants.refreshExpiresAt,
        })
        .from(oauthGrants)
        .where(
          or(eq(oauthGrants.refreshTokenHash, hash), eq(oauthGrants.previousRefreshHash, hash)),
        );
      if (!row) return null;
      if (row.refreshTokenHash !== hash) {
        await revokeGrants(deps, eq(oauthGrants.id, row.id));
        return null;
      }
      const [client, user] = await Promise.all([
        findClient(deps, row.clientId),
        userOf(deps, row.userId, row.id),
      ]);
      if (!client || !user) return null;
      return {
        refreshToken,
        refreshTokenExpiresAt: row.refreshExpiresAt,
        scope: row.scopes,
        client,
        user,
      };
    },

    /** Rotation: the refresh token is set aside (kept to recognise a replay), once only. */
    async revokeToken(token) {
      const hash = oauthHashOf(token.refreshToken);
      const rotated = await deps.db
        .update(oauthGrants)
        .set({ previousRefreshHash: hash, refreshTokenHash: null })
        .where(
          and(
            eq(oauthGrants.id, (token.user as OAuthUser).grantId!),
            eq(oauthGrants.refreshTokenHash, hash),
          ),
        )
        .returning({ id: oauthGrants.id });
      return rotated.length === 1;
    },

    /** Never called: the API's one credential check (auth/credentials.ts) reads access tokens. */
    async getAccessToken() {
      return null;
    },
  };
}
