import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  COMMENTABLE_TYPES,
  idSchema,
  INVITE_NOTIFICATION_KINDS,
  notificationListSchema,
  type WatchLevel,
  watchLevelSchema,
} from '@rules';
import { z } from 'zod';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import {
  itemWatches,
  notifications,
  spaceParticipants,
  spaces,
  userSpaces,
  users,
} from '../../db/schema';
import { notFound, parseInput } from '../../errors';
import { engageablePost } from '../posts/post.service';
import { engageableRows } from '../reactions/engaged-items.service';
import { resolveActiveSpace } from '../spaces/space.service';
import { isActiveMember } from '../spaces/space.policy';
import { requireViewer } from '../../auth/guards';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Listing re-checks what making decided: a notification shows only while its item is one the
 * viewer may still engage with (a post hidden by a moderator, made a draft or in a space they
 * left drops out, with its comments). Space and follower notifications name the viewer's own
 * relation, and stay.
 */
export function listableFor(
  viewerId: string | AnyPgColumn,
  columns: { itemType: AnyPgColumn; itemId: AnyPgColumn } = notifications,
): SQL {
  const viewer = { id: viewerId } as unknown as Viewer;
  return or(
    inArray(columns.itemType, ['spaces', 'users']),
    engageableRows(columns.itemType, columns.itemId, viewer, [...COMMENTABLE_TYPES, 'comments']),
  )!;
}

const counted = alias(notifications, 'counted');

/**
 * The person's unread notifications they may still see, counted (not a stored counter: exact by
 * construction, whatever was made, read, deleted or hidden meanwhile).
 */
export const unreadTotalOf = (userId: string | AnyPgColumn) =>
  sql<number>`(select count(*)::int from ${notifications} as counted where ${and(
    eq(counted.userId, userId),
    eq(counted.isRead, false),
    listableFor(userId, counted),
  )})`;

/** User.totalNotifications. */
export async function totalNotifications(ctx: Context, userId: string): Promise<number> {
  const viewer = ctx.viewer;
  if (!viewer || viewer.id !== userId) return 0;
  const [row] = await ctx.db
    .select({ total: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, viewer.id),
        eq(notifications.isRead, false),
        listableFor(viewer.id),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The filter's condition on the viewer's notifications. */
async function filterCondition(
  ctx: Context,
  viewer: Viewer,
  input: z.infer<typeof notificationListSchema>,
): Promise<SQL | undefined> {
  switch (input.filter) {
    case 'all':
      return undefined;
    case 'invites':
      return inArray(notifications.kind, [...INVITE_NOTIFICATION_KINDS]);
    case 'mySpaces':
      return sql`${notifications.spaceId} in (select ${spaces.id} from ${spaces}
        join ${spaceParticipants} on ${spaceParticipants.spaceId} = ${spaces.id}
        where ${spaces.isPrivate} and ${spaceParticipants.userId} = ${viewer.id}
        and ${isActiveMember()})`;
    case 'thisSpace':
      return eq(notifications.spaceId, (await resolveActiveSpace(ctx, input.spaceId)).id);
  }
}

/** The viewer's notifications, newest activity first, keyset paged on (updatedAt, id). */
export async function listNotifications(
  ctx: Context,
  input: unknown,
): Promise<Page<NotificationRow>> {
  const viewer = requireViewer(ctx);
  const data = parseInput(notificationListSchema, input);
  const size = pageSize(data.first, ctx.pageSizeMax);
  const cursor = decodeCursor(data.after, 'date');
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, viewer.id),
        await filterCondition(ctx, viewer, data),
        listableFor(viewer.id),
        afterCursor(notifications.updatedAt, notifications.id, cursor),
      ),
    )
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({ value: row.updatedAt, id: row.id }));
}

/** The viewer's own notification; anyone else's (or none) is NOT_FOUND. */
const own = (viewer: Viewer, id: unknown) =>
  and(eq(notifications.userId, viewer.id), eq(notifications.id, parseInput(idSchema, id, 'id')));

/** Other devices of the viewer hear that their total changed. */
const announceRead = (ctx: Context, userId: string) =>
  ctx.pubsub.publish('notificationsRead', { userId });

export async function markNotificationRead(ctx: Context, id: unknown): Promise<NotificationRow> {
  const viewer = requireViewer(ctx);
  // One whose item the viewer may no longer see is not shown to them any more: NOT_FOUND.
  const [row] = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(own(viewer, id), listableFor(viewer.id)))
    .returning();
  if (!row) throw notFound();
  announceRead(ctx, viewer.id);
  return row;
}

export async function deleteNotification(ctx: Context, id: unknown): Promise<void> {
  const viewer = requireViewer(ctx);
  const removed = await ctx.db
    .delete(notifications)
    .where(own(viewer, id))
    .returning({ id: notifications.id });
  if (removed.length === 0) throw notFound();
  announceRead(ctx, viewer.id);
}

/**
 * The person went through all their notifications now: the spec's `lastScannedWhen` (on the
 * user), written in the same transaction as the notifications themselves.
 */
const noteScanned = (tx: DbOrTx, userId: string) =>
  tx.update(users).set({ notificationsScannedAt: new Date() }).where(eq(users.id, userId));

/** Deletes all the viewer's notifications, in every list. */
export async function clearNotifications(ctx: Context): Promise<void> {
  const viewer = requireViewer(ctx);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(notifications).where(eq(notifications.userId, viewer.id));
    await noteScanned(tx, viewer.id);
  });
  announceRead(ctx, viewer.id);
}

export async function markAllNotificationsRead(ctx: Context): Promise<void> {
  const viewer = requireViewer(ctx);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, viewer.id), eq(notifications.isRead, false)));
    await noteScanned(tx, viewer.id);
  });
  announceRead(ctx, viewer.id);
}

// ---------------------------------------------------------------------------------------------
// Watching

const watchTargetSchema = z.object({
  itemType: z.enum(COMMENTABLE_TYPES),
  itemId: idSchema,
});

/** The post a watch names, if the viewer may engage with it; any other kind of item is NOT_FOUND. */
async function watchedPost(ctx: Context, input: unknown) {
  const target = watchTargetSchema.safeParse(input);
  if (!target.success) throw notFound();
  return engageablePost(ctx, target.data.itemType, target.data.itemId);
}

/**
 * How closely the viewer follows a post (null: not watching). Its author follows it at everything
 * until they choose otherwise.
 */
export async function watchLevel(ctx: Context, input: unknown): Promise<WatchLevel | null> {
  const viewer = requireViewer(ctx);
  const post = await watchedPost(ctx, input);
  const [row] = await ctx.db
    .select({ level: itemWatches.level })
    .from(itemWatches)
    .where(
      and(
        eq(itemWatches.itemType, post.type),
        eq(itemWatches.itemId, post.id),
        eq(itemWatches.userId, viewer.id),
      ),
    );
  return row?.level ?? (post.authorId === viewer.id ? 'everything' : null);
}

export async function setWatchLevel(
  ctx: Context,
  input: { itemType: unknown; itemId: unknown; level: unknown },
): Promise<WatchLevel> {
  const viewer = requireViewer(ctx);
  const level = parseInput(watchLevelSchema, input.level, 'level');
  const post = await watchedPost(ctx, input);
  await ctx.db
    .insert(itemWatches)
    .values({ userId: viewer.id, itemType: post.type, itemId: post.id, level })
    .onConflictDoUpdate({
      target: [itemWatches.itemType, itemWatches.itemId, itemWatches.userId],
      set: { level },
    });
  return level;
}

// ---------------------------------------------------------------------------------------------
// The per-space switch (Web Push for the space's items; in-app notifications are always listed)

const spaceSwitchSchema = z.object({ spaceId: idSchema, on: z.boolean() });

/**
 * Only people who may read the space's content switch it (an invitee sees its name, not its
 * items); anyone else gets the NOT_FOUND of a missing space.
 */
export async function setSpaceNotifications(ctx: Context, input: unknown) {
  const viewer = requireViewer(ctx);
  const { spaceId, on } = parseInput(spaceSwitchSchema, input);
  const space = await resolveActiveSpace(ctx, spaceId);
  await ctx.db
    .insert(userSpaces)
    .values({ userId: viewer.id, spaceId: space.id, notifications: on })
    .onConflictDoUpdate({
      target: [userSpaces.userId, userSpaces.spaceId],
      set: { notifications: on },
    });
  ctx.loaders.spaceNotificationsOn.clear(space.id);
  return space;
}

// ---------------------------------------------------------------------------------------------
// Live delivery

/**
 * The rows one event touched for the given recipients (those connected to this process), each
 * with its recipient's unread total: one statement per event per process.
 */
export async function loadEventForRecipients(db: Db, eventId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ notification: notifications, total: unreadTotalOf(notifications.userId) })
    .from(notifications)
    .where(and(eq(notifications.eventId, eventId), inArray(notifications.userId, userIds)));
}

/** One person's unread total (read or deleted on another device). */
export async function loadUnreadTotal(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ total: unreadTotalOf(userId) }).from(sql`(select 1) as one`);
  return Number(row?.total ?? 0);
}
