import { eq } from 'drizzle-orm';
import { requireViewer } from '../../auth/guards';
import { requireScope } from '../../auth/scopes';
import type { Context } from '../../context';
import { users } from '../../db/schema';
import { removeQueuedFiles } from '../media/stored-files.service';
import { removeOwnedApps } from '../oauth/oauth-apps.service';
import { accountFarewells, accountRemovers } from './account-removers';

/**
 * Deleting an account removes the user with their sessions, posts, comments, reactions, joins and
 * follows, in one transaction: each module removes its rows through the registry (see
 * account-removers.ts), then the user row goes and the cascade takes the rest.
 */
export async function deleteAccount(ctx: Context): Promise<void> {
  const viewer = requireViewer(ctx);
  // An app may act as its person, never end them: over GraphQL and REST alike.
  requireScope(ctx.scopes, 'session');
  const removers = accountRemovers();
  // Outside the database first (a subscription cancelled at Stripe); a failure keeps the account.
  for (const farewell of accountFarewells()) await farewell(ctx, viewer.id);
  const appSockets = await ctx.db.transaction(async (tx) => {
    for (const remove of removers) await remove(tx, viewer.id);
    // The OAuth apps they registered go, and with them what other people granted those apps.
    const appLiveKeys = await removeOwnedApps(tx, viewer.id);
    await tx.delete(users).where(eq(users.id, viewer.id));
    return appLiveKeys;
  });
  // Their uploads went with them (cascade), queued for removal from storage.
  await removeQueuedFiles(ctx);
  // The rows went with the user; this tells every process to close the account's websockets.
  await ctx.sessions.invalidateAllFor(viewer.id);
  // Access tokens went too: their sockets, which outlive a password reset, close as well.
  await ctx.pubsub.publish('sessionsEnded', { userId: viewer.id, includingTokens: true });
  if (appSockets.length) await ctx.pubsub.publish('sessionsEnded', { sessionIds: appSockets });
  ctx.cookies?.set(ctx.sessions.blankCookie());
}
