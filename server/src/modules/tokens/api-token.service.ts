import { randomUUID } from 'node:crypto';
import {
  API_TOKENS_MAX,
  TOKEN_MESSAGES,
  apiTokenInputSchema,
  idSchema,
  type ApiScope,
} from '@rules';
import { and, count, desc, eq } from 'drizzle-orm';
import { newApiToken, tokenLiveKey } from '../../auth/api-tokens';
import { requireViewer } from '../../auth/guards';
import { requireScope } from '../../auth/scopes';
import type { Context } from '../../context';
import { apiTokens, users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';

/** A token as its person sees it in settings: never the token itself, which shows once. */
export interface ApiTokenRow {
  id: string;
  name: string;
  scopes: ApiScope[];
  expiresAt: Date;
  lastUsedAt: Date | null;
  createdAt: Date;
}

const TOKEN_COLUMNS = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  createdAt: apiTokens.createdAt,
};

/** Tokens are managed from a signed-in session only: a token cannot make or see tokens. */
function requireSessionViewer(ctx: Context) {
  const viewer = requireViewer(ctx);
  requireScope(ctx.scopes, 'session');
  return viewer;
}

/**
 * Creates a token with a name, scopes and an expiry; the answer carries the token once. The admin
 * scope is for site admins and moderators. A person holds at most API_TOKENS_MAX at once: the
 * count is taken with their row locked, so two creations at once cannot pass it together.
 */
export async function createApiToken(
  ctx: Context,
  input: unknown,
): Promise<{ token: string; row: ApiTokenRow }> {
  const viewer = requireSessionViewer(ctx);
  const { name, scopes, expiresAt } = parseInput(apiTokenInputSchema(new Date()), input);
  if (scopes.includes('admin') && !viewer.isAdmin && !viewer.isModerator)
    throw new AppError('FORBIDDEN', TOKEN_MESSAGES.adminScope, { field: 'scopes' });
  const { token, tokenHash } = newApiToken();
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');
    const [held] = await tx
      .select({ total: count() })
      .from(apiTokens)
      .where(eq(apiTokens.userId, viewer.id));
    if ((held?.total ?? 0) >= API_TOKENS_MAX)
      throw new AppError('CONFLICT', TOKEN_MESSAGES.tooMany);
    const [created] = await tx
      .insert(apiTokens)
      .values({ id: randomUUID(), userId: viewer.id, name, tokenHash, scopes, expiresAt })
      .returning(TOKEN_COLUMNS);
    return created!;
  });
  return { token, row };
}

/** The viewer's tokens, newest first, expired ones included (so they can be told apart and removed). */
export async function listApiTokens(ctx: Context): Promise<ApiTokenRow[]> {
  const viewer = requireSessionViewer(ctx);
  return ctx.db
    .select(TOKEN_COLUMNS)
    .from(apiTokens)
    .where(eq(apiTokens.userId, viewer.id))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/**
 * Revokes one of the viewer's tokens: its next call is refused (401) and its open websockets close
 * (4401) in every process. Another person's token answers as a missing one.
 */
export async function revokeApiToken(ctx: Context, input: unknown): Promise<void> {
  const viewer = requireSessionViewer(ctx);
  const id = parseInput(idSchema, input, 'id');
  const [removed] = await ctx.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, viewer.id)))
    .returning({ tokenHash: apiTokens.tokenHash });
  if (!removed) throw notFound();
  await ctx.pubsub.publish('sessionsEnded', { sessionIds: [tokenLiveKey(removed.tokenHash)] });
}
