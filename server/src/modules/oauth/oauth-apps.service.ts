import {
  API_SCOPES,
  OAUTH_APPS_MAX,
  OAUTH_MESSAGES,
  idSchema,
  oauthAppInputSchema,
  type ApiScope,
} from '@rules';
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { grantLiveKey, newClientId, newClientSecret, oauthHashOf } from '../../auth/oauth-tokens';
import { requireViewer } from '../../auth/guards';
import { requireScope } from '../../auth/scopes';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { oauthClients, oauthCodes, oauthGrants, users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { revokeGrants, type OAuthUser } from './oauth-model';
import {
  decideAuthorization,
  previewAuthorization,
  type AuthorizationPreview,
} from './oauth-protocol.service';

/** An app a person registered, as settings shows it: never its secret, which shows once. */
export interface OAuthAppRow {
  clientId: string;
  name: string;
  redirectUris: string[];
  confidential: boolean;
  createdAt: Date;
}

/** An app the person let act for them, with what it may do. */
export interface AuthorizedAppRow {
  clientId: string;
  name: string;
  scopes: ApiScope[];
  authorizedAt: Date;
  lastUsedAt: Date | null;
}

/** Apps are managed, and consent given, from a signed-in session only: never with a token. */
function requireSessionViewer(ctx: Context) {
  const viewer = requireViewer(ctx);
  requireScope(ctx.scopes, 'session');
  return viewer;
}

const oauthUserOf = (ctx: Context): OAuthUser => {
  const viewer = requireSessionViewer(ctx);
  return { id: viewer.id, mayGrantAdmin: viewer.isAdmin || viewer.isModerator };
};

const APP_COLUMNS = {
  clientId: oauthClients.id,
  name: oauthClients.name,
  redirectUris: oauthClients.redirectUris,
  secretHash: oauthClients.secretHash,
  createdAt: oauthClients.createdAt,
};

const presentApp = ({
  secretHash,
  ...row
}: Omit<OAuthAppRow, 'confidential'> & { secretHash: string | null }): OAuthAppRow => ({
  ...row,
  confidential: secretHash !== null,
});

/**
 * Registers an app for the viewer; a confidential one's secret is in the answer, once. A person
 * holds at most OAUTH_APPS_MAX apps: counted with their row locked, as with access tokens.
 */
export async function createOAuthApp(
  ctx: Context,
  input: unknown,
): Promise<{ app: OAuthAppRow; clientSecret: string | null }> {
  const viewer = requireSessionViewer(ctx);
  const { name, redirectUris, confidential } = parseInput(oauthAppInputSchema, input);
  const clientSecret = confidential ? newClientSecret() : null;
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');
    const [held] = await tx
      .select({ total: count() })
      .from(oauthClients)
      .where(eq(oauthClients.ownerId, viewer.id));
    if ((held?.total ?? 0) >= OAUTH_APPS_MAX)
      throw new AppError('CONFLICT', OAUTH_MESSAGES.tooMany);
    const [created] = await tx
      .insert(oauthClients)
      .values({
        id: newClientId(),
        ownerId: viewer.id,
        name,
        redirectUris,
        secretHash: clientSecret && oauthHashOf(clientSecret),
        authMethod: confidential ? 'client_secret_basic' : 'none',
        scopes: [...API_SCOPES],
      })
      .returning(APP_COLUMNS);
    return created!;
  });
  return { app: presentApp(row), clientSecret };
}

/** The viewer's registered apps, newest first. */
export async function listOAuthApps(ctx: Context): Promise<OAuthAppRow[]> {
  const viewer = requireSessionViewer(ctx);
  const rows = await ctx.db
    .select(APP_COLUMNS)
    .from(oauthClients)
    .where(eq(oauthClients.ownerId, viewer.id))
    .orderBy(desc(oauthClients.createdAt), desc(oauthClients.id));
  return rows.map(presentApp);
}

/**
 * The grants of the apps `where` picks, and the apps, deleted together: the app's row is locked
 * first, so no grant is made for it while its grants are gathered. Answers the grants' ids.
 */
async function deleteApps(tx: DbOrTx, ownerId: string, clientId?: string) {
  const apps = await tx
    .select({ id: oauthClients.id })
    .from(oauthClients)
    .where(
      clientId
        ? and(eq(oauthClients.id, clientId), eq(oauthClients.ownerId, ownerId))
        : eq(oauthClients.ownerId, ownerId),
    )
    .for('update');
  if (!apps.length) return null;
  const ids = apps.map(({ id }) => id);
  const grants = await tx
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(inArray(oauthGrants.clientId, ids));
  await tx.delete(oauthClients).where(inArray(oauthClients.id, ids));
  return grants.map(({ id }) => grantLiveKey(id));
}

/**
 * Deletes one of the viewer's apps: every token it holds, for anyone, stops working at once and
 * their websockets close. Another person's app answers as a missing one.
 */
export async function deleteOAuthApp(ctx: Context, input: unknown): Promise<void> {
  const viewer = requireSessionViewer(ctx);
  const clientId = parseInput(idSchema, input, 'clientId');
  const liveKeys = await ctx.db.transaction((tx) => deleteApps(tx, viewer.id, clientId));
  if (!liveKeys) throw notFound();
  if (liveKeys.length) await ctx.pubsub.publish('sessionsEnded', { sessionIds: liveKeys });
}

/**
 * For account deletion: the person's apps go with them (the cascade), and so do the grants other
 * people gave those apps. Run in the deleting transaction; answers the live keys to close after.
 */
export async function removeOwnedApps(tx: DbOrTx, ownerId: string): Promise<string[]> {
  return (await deleteApps(tx, ownerId)) ?? [];
}

/** The apps the viewer has authorised and not revoked, most recently authorised first. */
export async function listAuthorizedApps(ctx: Context): Promise<AuthorizedAppRow[]> {
  const viewer = requireSessionViewer(ctx);
  const rows = await ctx.db
    .select({
      clientId: oauthGrants.clientId,
      name: oauthClients.name,
      scopes: oauthGrants.scopes,
      createdAt: oauthGrants.createdAt,
      lastUsedAt: oauthGrants.lastUsedAt,
    })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(eq(oauthGrants.userId, viewer.id), gt(oauthGrants.refreshExpiresAt, new Date())))
    .orderBy(desc(oauthGrants.createdAt));
  // An app authorised twice (two devices) shows once, with everything it may do.
  const apps = new Map<string, AuthorizedAppRow>();
  for (const row of rows) {
    const app = apps.get(row.clientId);
    if (!app) {
      apps.set(row.clientId, {
        clientId: row.clientId,
        name: row.name,
        scopes: row.scopes,
        authorizedAt: row.createdAt,
        lastUsedAt: row.lastUsedAt,
      });
      continue;
    }
    app.scopes = API_SCOPES.filter(
      (scope) => app.scopes.includes(scope) || row.scopes.includes(scope),
    );
    if (row.lastUsedAt && (!app.lastUsedAt || row.lastUsedAt > app.lastUsedAt))
      app.lastUsedAt = row.lastUsedAt;
  }
  return [...apps.values()];
}

/**
 * Revokes everything the viewer gave an app: all its tokens for them answer 401 at once and its
 * websockets close (4401); codes not yet exchanged go too.
 */
export async function revokeAuthorizedApp(ctx: Context, input: unknown): Promise<void> {
  const viewer = requireSessionViewer(ctx);
  const clientId = parseInput(idSchema, input, 'clientId');
  await ctx.db
    .delete(oauthCodes)
    .where(and(eq(oauthCodes.userId, viewer.id), eq(oauthCodes.clientId, clientId)));
  const revoked = await revokeGrants(
    ctx,
    and(eq(oauthGrants.userId, viewer.id), eq(oauthGrants.clientId, clientId)),
  );
  if (!revoked) throw notFound();
}

/** The consent screen's preview of an authorization request, for the signed-in person. */
export async function oauthConsentPreview(
  ctx: Context,
  query: string,
): Promise<AuthorizationPreview & { ownerName: string | null }> {
  const preview = await previewAuthorization(ctx, oauthUserOf(ctx), query);
  const { ownerId } = preview.client;
  const [owner] = ownerId
    ? await ctx.db.select({ name: users.displayName }).from(users).where(eq(users.id, ownerId))
    : [];
  return { ...preview, ownerName: owner?.name ?? null };
}

/** Allow or Deny on the consent screen: where to send the person back (with a code, or not). */
export function decideOAuthConsent(ctx: Context, query: string, allow: boolean) {
  return decideAuthorization(ctx, oauthUserOf(ctx), query, allow);
}
