import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  assignableStatusSchema,
  idSchema,
  INVITES_PER_CALL_MAX,
  RATE_LIMITS,
  SPACE_MESSAGES,
} from '@rules';
import { limitedWriteFor } from '../../auth/rate-limit';
import { z } from 'zod';
import type { Context } from '../../context';
import { spaceParticipants, spaces, users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import {
  notifyInvites,
  notifyJoinAnswer,
  notifyJoinRequest,
} from '../notifications/notification-events.service';
import { deliverNotifications } from '../notifications/notify.service';
import { announceMembershipChange } from './space-members.service';
import { statusChangeRefusal, type ParticipantStatus } from './space-status';
import {
  getSpace,
  managedSpace,
  membership,
  type ParticipantRow,
  type SpaceRow,
} from './space.service';
import type { ParticipantView } from './space-participants.service';
import { requireViewer, requireWriter } from '../../auth/guards';

/** Invitations, requests to join, and the statuses owners and admins give participants. */

/** How many invitations wait for the viewer (the drawer's badge); 0 signed out. */
export async function countInvites(ctx: Context): Promise<number> {
  if (!ctx.viewer) return 0;
  const [row] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(spaceParticipants)
    .where(
      and(eq(spaceParticipants.userId, ctx.viewer.id), eq(spaceParticipants.status, 'invited')),
    );
  return Number(row?.total ?? 0);
}

const inviteSchema = z.object({
  userIds: z
    .array(idSchema, { error: SPACE_MESSAGES.inviteesRequired })
    .min(1, SPACE_MESSAGES.inviteesRequired)
    .max(INVITES_PER_CALL_MAX, SPACE_MESSAGES.inviteesMax),
});

/**
 * Invites users (owner or admin); those already in the space in any status are left alone.
 * Returns how many were invited. Each person invited counts against the inviter's limits
 * (RATE_LIMITS.spaceInvitees, and spaceInvitePerRecipient for inviting them again).
 */
export async function sendInvites(
  ctx: Context,
  spaceId: string,
  userIds: unknown,
): Promise<number> {
  const { userIds: ids } = parseInput(inviteSchema, { userIds });
  const { space, viewer } = await managedSpace(ctx, spaceId);
  const existing = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  const values = existing
    .filter((user) => user.id !== viewer.id)
    .map((user) => ({
      spaceId: space.id,
      userId: user.id,
      status: 'invited' as const,
      invitedBy: viewer.id,
    }));
  if (values.length === 0) return 0;
  const already = await ctx.db
    .select({ userId: spaceParticipants.userId })
    .from(spaceParticipants)
    .where(
      and(
        eq(spaceParticipants.spaceId, space.id),
        inArray(
          spaceParticipants.userId,
          values.map((value) => value.userId),
        ),
      ),
    );
  const fresh = values.filter((value) => !already.some((row) => row.userId === value.userId));
  const limits = [
    ...(fresh.length
      ? [{ key: viewer.id, limit: RATE_LIMITS.spaceInvitees, count: fresh.length }]
      : []),
    ...fresh.map((value) => ({
      key: `${viewer.id}:${value.userId}`,
      limit: RATE_LIMITS.spaceInvitePerRecipient,
    })),
  ];
  const { invited, eventId } = await limitedWriteFor(ctx.db, 'space-invite', limits, async (tx) => {
    const inserted = await tx
      .insert(spaceParticipants)
      .values(values)
      .onConflictDoNothing()
      .returning({ userId: spaceParticipants.userId });
    const userIds = inserted.map((row) => row.userId);
    return {
      invited: userIds.length,
      eventId: await notifyInvites(tx, viewer.id, space.id, userIds),
    };
  });
  deliverNotifications(ctx, eventId);
  return invited;
}

/** Changes the viewer's own row from `from` (else NOT_FOUND) to `to`, or removes it when `to` is null. */
async function changeOwnRow(
  ctx: Context,
  spaceId: string,
  from: ParticipantStatus[],
  to: ParticipantStatus | null,
) {
  const viewer = requireWriter(ctx);
  const own = await membership(ctx, spaceId, viewer.id);
  if (!own || !from.includes(own.status)) throw notFound();
  const where = and(
    eq(spaceParticipants.spaceId, spaceId),
    eq(spaceParticipants.userId, viewer.id),
  );
  if (to)
    await ctx.db.update(spaceParticipants).set({ status: to, updatedAt: new Date() }).where(where);
  else await ctx.db.delete(spaceParticipants).where(where);
  announceMembershipChange(ctx, [viewer.id]);
}

/** Accepting an invitation makes the viewer a contributor. */
export async function acceptInvite(ctx: Context, spaceId: string): Promise<SpaceRow> {
  await changeOwnRow(ctx, spaceId, ['invited'], 'contributor');
  return getSpace(ctx, spaceId);
}

export async function declineInvite(ctx: Context, spaceId: string): Promise<void> {
  await changeOwnRow(ctx, spaceId, ['invited'], null);
}

/** Asks to join a private space; asking again while a request waits changes nothing. */
export async function requestAccess(ctx: Context, spaceId: string): Promise<ParticipantRow> {
  const viewer = requireWriter(ctx);
  const id = parseInput(idSchema, spaceId, 'spaceId');
  const [space] = await ctx.db.select().from(spaces).where(eq(spaces.id, id));
  if (!space) throw notFound();
  const own = await membership(ctx, space.id, viewer.id);
  if (own?.status === 'blocked') throw notFound();
  if (!space.isPrivate) throw new AppError('CONFLICT', SPACE_MESSAGES.publicSpaceNoRequest);
  if (own?.status === 'requested') return own;
  if (own?.status === 'invited') throw new AppError('CONFLICT', SPACE_MESSAGES.alreadyInvited);
  if (own) throw new AppError('CONFLICT', SPACE_MESSAGES.alreadyParticipant);
  // Each request tells the owners: limited per person, and per space for asking again.
  const limits = [
    { key: viewer.id, limit: RATE_LIMITS.accessRequest },
    { key: `${viewer.id}:${space.id}`, limit: RATE_LIMITS.accessRequestPerSpace },
  ];
  const { row, eventId } = await limitedWriteFor(ctx.db, 'access-request', limits, async (tx) => {
    const [inserted] = await tx
      .insert(spaceParticipants)
      .values({ spaceId: space.id, userId: viewer.id, status: 'requested' })
      .returning();
    return { row: inserted!, eventId: await notifyJoinRequest(tx, viewer.id, space.id) };
  });
  deliverNotifications(ctx, eventId);
  return row;
}

/** The row of another participant in a space the viewer manages. */
async function targetRow(ctx: Context, spaceId: string, userId: string) {
  const found = await managedSpace(ctx, spaceId);
  if (userId === found.viewer.id) throw new AppError('FORBIDDEN', SPACE_MESSAGES.ownStatus);
  const target = await membership(ctx, spaceId, parseInput(idSchema, userId, 'userId'));
  if (!target) throw notFound();
  return { ...found, target };
}

/** Approving a request makes the user a contributor; denying removes the request. */
export async function answerRequest(
  ctx: Context,
  spaceId: string,
  userId: string,
  approve: boolean,
): Promise<void> {
  const { target, viewer } = await targetRow(ctx, spaceId, userId);
  if (target.status !== 'requested') throw notFound();
  const where = and(eq(spaceParticipants.spaceId, spaceId), eq(spaceParticipants.userId, userId));
  const eventId = await ctx.db.transaction(async (tx) => {
    if (approve)
      await tx
        .update(spaceParticipants)
        .set({ status: 'contributor', updatedAt: new Date() })
        .where(where);
    else await tx.delete(spaceParticipants).where(where);
    return notifyJoinAnswer(tx, viewer.id, spaceId, userId, approve);
  });
  announceMembershipChange(ctx, [userId]);
  deliverNotifications(ctx, eventId);
}

/**
 * Owner or admin sets admin, contributor or blocked (see statusChangeRefusal). A blocked user whose
 * default space this was falls back to the global space.
 */
export async function setParticipantStatus(
  ctx: Context,
  spaceId: string,
  userId: string,
  requested: unknown,
): Promise<ParticipantView> {
  const status = parseInput(assignableStatusSchema, requested, 'status');
  const { status: actor, target } = await targetRow(ctx, spaceId, userId);
  const refusal = statusChangeRefusal(actor!, target.status, status);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(spaceParticipants)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(spaceParticipants.spaceId, spaceId), eq(spaceParticipants.userId, userId)))
      .returning();
    if (status === 'blocked') {
      await tx
        .update(users)
        .set({ defaultSpaceId: null })
        .where(and(eq(users.id, userId), eq(users.defaultSpaceId, spaceId)));
    }
    return updated!;
  });
  announceMembershipChange(ctx, [userId]);
  return { ...row, user: await ctx.loaders.authorById.load(userId) };
}

/** Leaves a space (or withdraws a request); the owner cannot leave. */
export async function leaveSpace(ctx: Context, spaceId: string): Promise<void> {
  const viewer = requireViewer(ctx);
  const own = await membership(ctx, spaceId, viewer.id);
  if (!own || own.status === 'blocked' || own.status === 'invited') throw notFound();
  if (own.status === 'owner') throw new AppError('FORBIDDEN', SPACE_MESSAGES.ownerCannotLeave);
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(spaceParticipants)
      .where(and(eq(spaceParticipants.spaceId, spaceId), eq(spaceParticipants.userId, viewer.id)));
    await tx
      .update(users)
      .set({ defaultSpaceId: null })
      .where(and(eq(users.id, viewer.id), eq(users.defaultSpaceId, spaceId)));
  });
  announceMembershipChange(ctx, [viewer.id]);
}
