import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import {
  CHAT_LIST_MAX,
  CHAT_MESSAGES,
  conversationListSchema,
  createConversationSchema,
  pairKeyOf,
  type ChatSort,
} from '@rules';
import { limitedWriteFor } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { chatConversations, chatMembers, spaces, users } from '../../db/schema';
import { AppError, parseInput } from '../../errors';
import { removeQueuedFiles } from '../media/stored-files.service';
import { requireViewer, requireWriter } from '../../auth/guards';
import { CHAT_LIMITS_BUCKET, directChatKeys, newConversationKeys } from './chat-limits.service';
import { tiedItem } from './chat-tied-items';
import { unreadCounts } from './chat-unread.service';
import {
  READABLE_COLUMNS,
  ensureSpaceChat,
  ensureSpaceChatMember,
  getConversation,
  readableSpace,
  requireReadableConversation,
  requireReadableSpace,
  toReadable,
  withPartners,
  type ConversationView,
} from './chat-access.service';
import { announceMembers, newestSeqOf, requireAddable } from './chat-members.service';
import { channelJoinableBy, conversationReadableBy } from './chat.policy';

/**
 * The direct chat of two people: the existing one, or a new one with both as members. Two people
 * starting it at once get the same conversation: the unique pair key lets one insert win and the
 * other read it.
 */
export async function openDirectChat(
  tx: DbOrTx,
  viewerId: string,
  receiverId: string,
): Promise<{ id: string; created: boolean }> {
  if (receiverId === viewerId)
    throw new AppError('BAD_USER_INPUT', CHAT_MESSAGES.selfChat, { field: 'receiverId' });
  const [receiver] = await tx.select({ id: users.id }).from(users).where(eq(users.id, receiverId));
  if (!receiver) throw new AppError('NOT_FOUND', CHAT_MESSAGES.userNotFound);
  const pairKey = pairKeyOf(viewerId, receiverId);
  const [inserted] = await tx
    .insert(chatConversations)
    .values({ id: randomUUID(), type: 'p2p', pairKey, authorId: viewerId })
    .onConflictDoNothing()
    .returning({ id: chatConversations.id });
  if (inserted) {
    await tx.insert(chatMembers).values([
      { conversationId: inserted.id, userId: viewerId },
      { conversationId: inserted.id, userId: receiverId },
    ]);
    return { id: inserted.id, created: true };
  }
  const [existing] = await tx
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.pairKey, pairKey));
  if (!existing) throw new Error(`direct chat ${pairKey} neither inserted nor found`);
  return { id: existing.id, created: false };
}

/** What a list shows as a conversation's name (the presenter says the same). */
export const conversationName = (view: ConversationView) =>
  view.type === 'p2p'
    ? (view.partner?.displayName ?? '')
    : view.type === 'space'
      ? (view.spaceName ?? '')
      : (view.name ?? '');

/** The default chat of a space the viewer reads, made when first asked for. */
export async function getSpaceChat(ctx: Context, spaceId: string): Promise<ConversationView> {
  const viewer = requireViewer(ctx);
  const space = await requireReadableSpace(ctx, viewer, spaceId);
  return getConversation(ctx, await ensureSpaceChat(ctx.db, space.id));
}

/**
 * The viewer's conversations for a space, as the drawer lists them: the space chat first (when
 * the viewer reads the space), then direct chats (they belong to no space) and the groups and
 * channels of this space the viewer is a member of, alphabetically or by unread (most first, then
 * the newest message).
 */
export async function listConversations(
  ctx: Context,
  input: { spaceId: unknown; sort?: unknown },
): Promise<ConversationView[]> {
  const viewer = requireViewer(ctx);
  const { spaceId, sort } = parseInput(conversationListSchema, input);
  const space = await readableSpace(ctx, viewer, spaceId);
  if (space) {
    const chatId = await ensureSpaceChat(ctx.db, space.id);
    await ensureSpaceChatMember(ctx.db, chatId, viewer.id);
  }
  const rows = await ctx.db
    .select(READABLE_COLUMNS)
    .from(chatConversations)
    .leftJoin(spaces, eq(spaces.id, chatConversations.spaceId))
    .where(
      and(
        or(eq(chatConversations.type, 'p2p'), eq(chatConversations.spaceId, spaceId)),
        conversationReadableBy(viewer),
      ),
    )
    .limit(CHAT_LIST_MAX);
  const views = await withPartners(ctx, rows.map(toReadable));
  const unread = await unreadCounts(
    ctx.db,
    viewer.id,
    views.map((view) => view.id),
  );
  return sortConversations(
    views.map((view) => ({ ...view, unread: unread.get(view.id) ?? 0 })),
    sort,
  );
}

function sortConversations(views: ConversationView[], sort: ChatSort): ConversationView[] {
  const byName = (a: ConversationView, b: ConversationView) =>
    conversationName(a).localeCompare(conversationName(b), undefined, { sensitivity: 'base' });
  const byUnread = (a: ConversationView, b: ConversationView) =>
    (b.unread ?? 0) - (a.unread ?? 0) || b.lastMessageAt.getTime() - a.lastMessageAt.getTime();
  const spaceChatFirst = (a: ConversationView, b: ConversationView) =>
    Number(b.type === 'space') - Number(a.type === 'space');
  return [...views].sort(
    (a, b) => spaceChatFirst(a, b) || (sort === 'alphabetical' ? byName(a, b) : byUnread(a, b)),
  );
}

/** The public channels of a space the viewer reads and has not joined (the channel directory). */
export async function listChannelDirectory(
  ctx: Context,
  spaceId: string,
): Promise<ConversationView[]> {
  const viewer = requireViewer(ctx);
  const rows = await ctx.db
    .select(READABLE_COLUMNS)
    .from(chatConversations)
    .leftJoin(spaces, eq(spaces.id, chatConversations.spaceId))
    .where(and(eq(chatConversations.spaceId, spaceId), channelJoinableBy(viewer)))
    .orderBy(chatConversations.name)
    .limit(CHAT_LIST_MAX);
  return withPartners(ctx, rows.map(toReadable));
}

/**
 * A direct chat (the pair's existing one, or a new one), a group (maybe tied to a problem the
 * creator can read) or a channel of a space the creator reads; the creator is its author and a
 * member, with the people chosen (each must read the space). Limited per person (chat-limits): a
 * new direct chat, a group or channel, and each person added to one.
 */
export async function createConversation(ctx: Context, input: unknown): Promise<ConversationView> {
  const viewer = requireWriter(ctx);
  const data = parseInput(createConversationSchema, input);
  if (data.type === 'p2p') {
    const limits = await directChatKeys(ctx.db, viewer.id, data.receiverId);
    const { id, created } = await limitedWriteFor(ctx.db, CHAT_LIMITS_BUCKET, limits, (tx) =>
      openDirectChat(tx, viewer.id, data.receiverId),
    );
    if (created) announceMembers(ctx, id, [viewer.id, data.receiverId]);
    return getConversation(ctx, id);
  }
  const space = await requireReadableSpace(ctx, viewer, data.spaceId);
  const item = data.type === 'group' ? await tiedItem(ctx, space.id, data) : null;
  const memberIds = [...new Set([viewer.id, ...data.memberIds])];
  const limits = newConversationKeys(viewer.id, memberIds);
  const id = randomUUID();
  await limitedWriteFor(ctx.db, CHAT_LIMITS_BUCKET, limits, async (tx) => {
    await requireAddable(tx, space, memberIds);
    await tx.insert(chatConversations).values({
      id,
      type: data.type,
      name: data.name,
      description: data.description || null,
      spaceId: space.id,
      authorId: viewer.id,
      itemType: item?.itemType ?? null,
      itemId: item?.itemId ?? null,
    });
    await tx
      .insert(chatMembers)
      .values(memberIds.map((userId) => ({ conversationId: id, userId })));
  });
  announceMembers(ctx, id, memberIds);
  return getConversation(ctx, id);
}

/** Joining a public channel of a space the viewer reads; a member joining again changes nothing. */
export async function joinChannel(ctx: Context, conversationId: string): Promise<ConversationView> {
  const viewer = requireWriter(ctx);
  const [channel] = await ctx.db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(and(eq(chatConversations.id, conversationId), channelJoinableBy(viewer)));
  if (!channel) return getConversation(ctx, conversationId);
  await ctx.db
    .insert(chatMembers)
    .values({
      conversationId: channel.id,
      userId: viewer.id,
      lastReadSeq: await newestSeqOf(ctx.db, channel.id),
    })
    .onConflictDoNothing();
  announceMembers(ctx, channel.id, [viewer.id]);
  return getConversation(ctx, channel.id);
}

/**
 * Leaving a group or channel. Space chats and direct chats cannot be left (a direct chat is
 * deleted instead), nor can a group's author leave it: they delete it.
 */
export async function leaveConversation(ctx: Context, conversationId: string): Promise<boolean> {
  const viewer = requireWriter(ctx);
  const conversation = await requireReadableConversation(ctx, viewer, conversationId);
  if (conversation.type === 'space' || conversation.type === 'p2p')
    throw new AppError('FORBIDDEN', CHAT_MESSAGES.cannotLeave);
  if (conversation.authorId === viewer.id)
    throw new AppError('FORBIDDEN', CHAT_MESSAGES.cannotLeave);
  await ctx.db
    .delete(chatMembers)
    .where(and(eq(chatMembers.conversationId, conversation.id), eq(chatMembers.userId, viewer.id)));
  announceMembers(ctx, conversation.id, [viewer.id]);
  return true;
}

/**
 * Deleting a conversation with its messages: a group or channel by its author only; a direct chat
 * by either of its two people (it goes for both). Space chats are never deleted.
 */
export async function deleteConversation(ctx: Context, conversationId: string): Promise<boolean> {
  const viewer = requireWriter(ctx);
  const conversation = await requireReadableConversation(ctx, viewer, conversationId);
  const mayDelete =
    conversation.type === 'p2p' ||
    (conversation.type !== 'space' && conversation.authorId === viewer.id);
  if (!mayDelete) throw new AppError('FORBIDDEN', CHAT_MESSAGES.notGroupAuthor);
  const members = await ctx.db.transaction(async (tx) => {
    // The conversation's row first, as a send locks it before member rows: the same order, no deadlock.
    await tx
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(eq(chatConversations.id, conversation.id))
      .for('update');
    const removed = await tx
      .delete(chatMembers)
      .where(eq(chatMembers.conversationId, conversation.id))
      .returning({ userId: chatMembers.userId });
    await tx.delete(chatConversations).where(eq(chatConversations.id, conversation.id));
    return removed.map((row) => row.userId);
  });
  // Its images went by cascade, queued for removal from storage.
  await removeQueuedFiles(ctx);
  announceMembers(ctx, conversation.id, members, { deleted: true });
  return true;
}

/** The viewer's direct chats and the groups and channels of a space (REST's two lists). */
export async function listConversationsOfKind(
  ctx: Context,
  spaceId: string,
  kind: 'direct' | 'groups',
): Promise<ConversationView[]> {
  const all = await listConversations(ctx, { spaceId, sort: 'unread' });
  return all.filter((view) =>
    kind === 'direct' ? view.type === 'p2p' : view.type !== 'p2p' && view.type !== 'space',
  );
}
