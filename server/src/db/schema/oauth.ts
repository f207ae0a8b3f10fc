import { API_SCOPES } from '@rules';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';
import { cascadeRef, createdAtColumn } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * OAuth 2.1 apps (clients): registered by a person in settings (`owner_id`), or by the app itself
 * through dynamic client registration (RFC 7591, no owner). `id` is the client id; a confidential
 * app's secret is kept only as a SHA-256 (hex), like every token here.
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    redirectUris: text('redirect_uris').array().notNull(),
    /** Null for a public app (PKCE alone). */
    secretHash: text('secret_hash'),
    /** none, client_secret_basic or client_secret_post (RFC 7591 §2), as registered. */
    authMethod: text('auth_method').notNull(),
    /** The scopes the app may ask for. */
    scopes: text('scopes', { enum: API_SCOPES }).array().notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('oauth_clients_owner_idx').on(table.ownerId, table.createdAt)],
);

/**
 * Authorization codes, each for one exchange within minutes, bound to its PKCE challenge (S256).
 * An exchanged code keeps its row, with the grant it opened, until it expires: presented again,
 * it revokes that grant (OAuth 2.1 §4.1.3).
 */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    clientId: cascadeRef('client_id', () => oauthClients.id),
    userId: cascadeRef('user_id', () => users.id),
    redirectUri: text('redirect_uri').notNull(),
    scopes: text('scopes', { enum: API_SCOPES }).array().notNull(),
    codeChallenge: text('code_challenge').notNull(),
    codeChallengeMethod: text('code_challenge_method').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Set when exchanged: the grant the code opened. */
    grantId: text('grant_id'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('oauth_codes_expires_idx').on(table.expiresAt)],
);

/**
 * One authorization of an app by a person (a token family): its scopes, its current access token
 * and refresh token (hashes), and the refresh token it replaced, so a replayed one is recognised
 * and ends the grant (refresh token rotation, OAuth 2.1 §4.3.1). Revoking deletes the row; its
 * websockets are registered under its id (see auth/oauth-tokens.ts).
 */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: text('id').primaryKey(),
    clientId: cascadeRef('client_id', () => oauthClients.id),
    userId: cascadeRef('user_id', () => users.id),
    scopes: text('scopes', { enum: API_SCOPES }).array().notNull(),
    accessTokenHash: text('access_token_hash').notNull().unique(),
    accessExpiresAt: at('access_expires_at').notNull(),
    refreshTokenHash: text('refresh_token_hash').unique(),
    previousRefreshHash: text('previous_refresh_hash').unique(),
    refreshExpiresAt: at('refresh_expires_at').notNull(),
    /** Written at most once a minute per grant, so calls do not each cost a write. */
    lastUsedAt: at('last_used_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('oauth_grants_user_client_idx').on(table.userId, table.clientId),
    index('oauth_grants_client_idx').on(table.clientId),
    // A grant outlives its access token by its refresh token's life: expired grants go by this.
    index('oauth_grants_expiry_idx').on(table.refreshExpiresAt),
  ],
);
