import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ModerationAction } from '@rules';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { moderationActions, spaceParticipants, spaces } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { spaceManagers } from '../spaces/space.policy';
import type { ModerationActionRow } from './moderation.loaders';
import { isSiteModerator, scopeOf, type ModerationScope } from './moderation.policy';
import { requireViewer } from '../../auth/guards';

/** Whether `userId` is an owner or admin of the space. */
export async function managesSpace(db: DbOrTx, userId: string, spaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: spaceParticipants.userId })
    .from(spaceParticipants)
    .where(and(spaceManagers(spaceId), eq(spaceParticipants.userId, userId)));
  return !!row;
}

export async function moderates(ctx: Context, scope: ModerationScope, db: DbOrTx = ctx.db) {
  if (!ctx.viewer) return false;
  if (scope.kind === 'site') return isSiteModerator(ctx.viewer);
  return managesSpace(db, ctx.viewer.id, scope.spaceId);
}

export async function requireModerates(ctx: Context, scope: ModerationScope, db: DbOrTx = ctx.db) {
  if (!(await moderates(ctx, scope, db))) throw forbidden();
}

/**
 * Which reports (or pending posts) a queue request covers: with `spaceId`, that space's (a
 * private space: its owners and admins; a public one: site moderators); without, the site's
 * (site moderators). Everyone else is FORBIDDEN.
 */
export async function queueScope(ctx: Context, spaceId: string | null | undefined) {
  const viewer = requireViewer(ctx);
  if (!spaceId) {
    if (!isSiteModerator(viewer)) throw forbidden();
    return { spaceId: null };
  }
  const [space] = await ctx.db
    .select({ id: spaces.id, isPrivate: spaces.isPrivate })
    .from(spaces)
    .where(eq(spaces.id, spaceId));
  if (!space) throw notFound();
  await requireModerates(ctx, scopeOf(space));
  return { spaceId: space.id };
}

/** One `moderation_actions` row: who did what, with which report, to which item or person. */
export async function record(
  tx: DbOrTx,
  actorId: string,
  action: ModerationAction,
  fields: Partial<Omit<ModerationActionRow, 'id' | 'actorId' | 'action' | 'createdAt'>>,
) {
  await tx.insert(moderationActions).values({ id: randomUUID(), actorId, action, ...fields });
}
