import { and, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { idSchema } from '@rules';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { chatConversations, chatMembers, chatMessages, chatStatuses } from '../../db/schema';
import { parseInput } from '../../errors';
import { resolveActiveSpace } from '../spaces/space.service';
import { requireViewer } from '../../auth/guards';
import { requireReadableConversation } from './chat-access.service';
import type { ChatTotals } from './chat.types';

/**
 * Unread messages: those by others with a seq above the reader's `lastReadSeq` (chat_members).
 * A space chat counts from the member row made when the person first opens or lists it; before
 * that it has nothing unread for them. Reading, and having the conversation open (the active
 * conversation), move `lastReadSeq` to the newest message.
 */

/** The messages a member has not read: the join every count below shares. */
const unreadOfMember: SQL = and(
  eq(chatMessages.conversationId, chatMembers.conversationId),
  gt(chatMessages.seq, chatMembers.lastReadSeq),
  sql`${chatMessages.authorId} is distinct from ${chatMembers.userId}`,
)!;

const count = sql<number>`count(*)::int`;

/** One person's unread count in each of `conversationIds` (absent: none unread). */
export async function unreadCounts(
  db: DbOrTx,
  userId: string,
  conversationIds: readonly string[],
): Promise<Map<string, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select({ conversationId: chatMembers.conversationId, count })
    .from(chatMembers)
    .innerJoin(chatMessages, unreadOfMember)
    .where(
      and(
        eq(chatMembers.userId, userId),
        inArray(chatMembers.conversationId, [...conversationIds]),
      ),
    )
    .groupBy(chatMembers.conversationId);
  return new Map(rows.map((row) => [row.conversationId, row.count]));
}

/** Each of `userIds`' unread count in one conversation (absent: none unread), for live events. */
export async function unreadOfUsers(
  db: DbOrTx,
  conversationId: string,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: chatMembers.userId, count })
    .from(chatMembers)
    .innerJoin(chatMessages, unreadOfMember)
    .where(
      and(
        eq(chatMembers.conversationId, conversationId),
        inArray(chatMembers.userId, [...userIds]),
      ),
    )
    .groupBy(chatMembers.userId);
  return new Map(rows.map((row) => [row.userId, row.count]));
}

/**
 * The Chat badge's totals of each of `userIds` in a space (000 §3 userSpaceDoc.chat): their direct
 * chats and the groups and channels of the space they are members of, and the space's own chat.
 * The callers have checked that each person reads the space (chatTotals, the live subscription),
 * so member rows alone say what counts. One statement for any number of people.
 */
export async function totalsOfUsers(
  db: DbOrTx,
  userIds: readonly string[],
  spaceId: string,
): Promise<Map<string, ChatTotals>> {
  const totals = new Map<string, ChatTotals>(
    userIds.map((userId) => [userId, { totalNewMessages: 0, totalNewSpaceMessages: 0 }]),
  );
  if (userIds.length === 0) return totals;
  const rows = await db
    .select({
      userId: chatMembers.userId,
      totalNewMessages: sql<number>`(count(*) filter (where ${chatConversations.type} <> 'space'))::int`,
      totalNewSpaceMessages: sql<number>`(count(*) filter (where ${chatConversations.type} = 'space'))::int`,
    })
    .from(chatMembers)
    .innerJoin(
      chatConversations,
      and(
        eq(chatConversations.id, chatMembers.conversationId),
        or(eq(chatConversations.type, 'p2p'), eq(chatConversations.spaceId, spaceId)),
      ),
    )
    .innerJoin(chatMessages, unreadOfMember)
    .where(inArray(chatMembers.userId, [...userIds]))
    .groupBy(chatMembers.userId);
  for (const { userId, ...counts } of rows) totals.set(userId, counts);
  return totals;
}

/** The viewer's totals in a space they read (NOT_FOUND otherwise). */
export async function chatTotals(ctx: Context, spaceId: string): Promise<ChatTotals> {
  const viewer = requireViewer(ctx);
  const space = await resolveActiveSpace(ctx, spaceId);
  const totals = await totalsOfUsers(ctx.db, [viewer.id], space.id);
  return totals.get(viewer.id)!;
}

/**
 * Moves a person's read mark in a conversation to `seq` (never back). Only a space chat's row is
 * made when missing (its readers are the space's, see `makesRow`): anywhere else a missing row
 * means the person is not a member, and a read racing their removal must not bring them back.
 * True when the mark moved.
 */
export async function markReadUpTo(
  db: DbOrTx,
  conversation: { id: string; makesRow: boolean },
  userId: string,
  seq: number | SQL,
): Promise<boolean> {
  const moved = conversation.makesRow
    ? await db
        .insert(chatMembers)
        .values({ conversationId: conversation.id, userId, lastReadSeq: seq })
        .onConflictDoUpdate({
          target: [chatMembers.conversationId, chatMembers.userId],
          set: { lastReadSeq: sql`excluded.last_read_seq` },
          setWhere: sql`${chatMembers.lastReadSeq} < excluded.last_read_seq`,
        })
        .returning({ userId: chatMembers.userId })
    : await db
        .update(chatMembers)
        .set({ lastReadSeq: seq })
        .where(
          and(
            eq(chatMembers.conversationId, conversation.id),
            eq(chatMembers.userId, userId),
            sql`${chatMembers.lastReadSeq} < ${seq}`,
          ),
        )
        .returning({ userId: chatMembers.userId });
  return moved.length > 0;
}

/** Where a reader's mark is kept: a space chat's row is made on first read (markReadUpTo). */
export const readMarkOf = (conversation: { id: string; type: string }) => ({
  id: conversation.id,
  makesRow: conversation.type === 'space',
});

/** The newest message's seq in a conversation, as SQL (0 before the first). */
const newestSeq = (conversationId: string) =>
  sql`(select coalesce(max(${chatMessages.seq}), 0) from ${chatMessages} where ${chatMessages.conversationId} = ${conversationId})`;

/**
 * A message just added: the members who have the conversation open (their active conversation)
 * have read it as it arrived, so their count does not rise. In the sender's transaction.
 */
export async function readByActiveMembers(tx: DbOrTx, conversationId: string, seq: number) {
  await tx
    .update(chatMembers)
    .set({ lastReadSeq: seq })
    .where(
      and(
        eq(chatMembers.conversationId, conversationId),
        sql`${chatMembers.lastReadSeq} < ${seq}`,
        inArray(
          chatMembers.userId,
          tx
            .select({ userId: chatStatuses.userId })
            .from(chatStatuses)
            .where(eq(chatStatuses.activeConversationId, conversationId)),
        ),
      ),
    );
}

const announceRead = (ctx: Context, userId: string, conversationId: string) =>
  ctx.pubsub.publish('chatRead', { userId, conversationId });

/** The viewer has read a conversation up to its newest message (their other devices are told). */
export async function markConversationRead(ctx: Context, conversationId: string): Promise<void> {
  const viewer = requireViewer(ctx);
  const conversation = await requireReadableConversation(ctx, viewer, conversationId);
  if (await markReadUpTo(ctx.db, readMarkOf(conversation), viewer.id, newestSeq(conversation.id)))
    announceRead(ctx, viewer.id, conversation.id);
}

/**
 * The conversation open on the viewer's screen (null: none). Opening one, and leaving it, marks it
 * read; while it is open, its new messages count as read as they arrive.
 */
export async function setActiveConversation(
  ctx: Context,
  conversationId: string | null,
): Promise<void> {
  const viewer = requireViewer(ctx);
  const opened = conversationId
    ? await requireReadableConversation(
        ctx,
        viewer,
        parseInput(idSchema, conversationId, 'conversationId'),
      )
    : null;
  const read = await ctx.db.transaction(async (tx) => {
    const [status] = await tx
      .select({ activeConversationId: chatStatuses.activeConversationId })
      .from(chatStatuses)
      .where(eq(chatStatuses.userId, viewer.id))
      .for('update');
    const left = status?.activeConversationId ?? null;
    await tx
      .insert(chatStatuses)
      .values({ userId: viewer.id, activeConversationId: opened?.id ?? null })
      .onConflictDoUpdate({
        target: chatStatuses.userId,
        set: { activeConversationId: opened?.id ?? null, updatedAt: new Date() },
      });
    // The one opened is read now; the one left, up to what arrived while it was open (its row
    // is only updated: if the viewer left it meanwhile, it stays left).
    const moved: string[] = [];
    if (opened && (await markReadUpTo(tx, readMarkOf(opened), viewer.id, newestSeq(opened.id))))
      moved.push(opened.id);
    const leftMark = { id: left ?? '', makesRow: false };
    if (
      left &&
      left !== opened?.id &&
      (await markReadUpTo(tx, leftMark, viewer.id, newestSeq(left)))
    )
      moved.push(left);
    return moved;
  });
  for (const id of read) announceRead(ctx, viewer.id, id);
}
