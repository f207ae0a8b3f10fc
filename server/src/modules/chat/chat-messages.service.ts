import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CHAT_LIST_MAX,
  CHAT_MESSAGES,
  CHAT_TEXT_MAX,
  chatHistorySchema,
  chatMessageRefSchema,
  editMessageSchema,
  htmlToPlainText,
  sendMessageSchema,
  stripTrailingEmptyParagraphs,
} from '@rules';
import { limitedWriteFor } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { chatConversations, chatMessages, users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { AUTHOR_COLUMNS } from '../users/user.rows';
import type { Topics } from '../../graphql/pubsub';
import { sanitizeRichText } from '../../rich-text';
import { requireViewer, requireWriter } from '../../auth/guards';
import { requireNamedConversation, requireReadableConversation } from './chat-access.service';
import { openDirectChat } from './chat-conversations.service';
import { removeUnusedFiles, storedFilesOf } from './chat-files.service';
import type { ChatMessageRecord } from './chat-message.presenter';
import { CHAT_LIMITS_BUCKET, directChatKeys, messageKeys } from './chat-limits.service';
import { announceMembers } from './chat-members.service';
import { markReadUpTo, readByActiveMembers, readMarkOf } from './chat-unread.service';

// ---------------------------------------------------------------------------------------------
// Loading messages

const replies = alias(chatMessages, 'replied');
const replyAuthors = alias(users, 'replied_author');

/**
 * A message with its author, its quote and its reactions' rows, in one statement. Built when
 * first used: AUTHOR_COLUMNS comes from the loaders module, which imports this one.
 */
const recordColumns = () => ({
  ...getTableColumns(chatMessages),
  author: AUTHOR_COLUMNS,
  reply: {
    id: replies.id,
    text: replies.text,
    authorName: replyAuthors.displayName,
    hasFiles: sql<boolean>`coalesce(jsonb_array_length(${replies.files}) > 0, false)`,
  },
  reactions: sql<{ userId: string; emoji: string }[]>`coalesce((
    select json_agg(json_build_object('userId', r.user_id, 'emoji', r.emoji) order by r.created_at, r.user_id)
    from chat_reactions r where r.message_id = ${chatMessages.id}), '[]'::json)`,
});

/** Messages matching `where`, by seq (`order`), with all a presenter needs. */
async function messageRecords(
  db: DbOrTx,
  where: SQL | undefined,
  order: 'asc' | 'desc',
  limit: number,
): Promise<ChatMessageRecord[]> {
  const rows = await db
    .select(recordColumns())
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.authorId))
    .leftJoin(replies, eq(replies.id, chatMessages.replyToId))
    .leftJoin(replyAuthors, eq(replyAuthors.id, replies.authorId))
    .where(where)
    .orderBy(order === 'asc' ? asc(chatMessages.seq) : desc(chatMessages.seq))
    .limit(limit);
  return rows.map(({ seq: _seq, authorId: _authorId, reply, ...row }) => ({
    ...row,
    reply: reply?.id ? { ...reply, id: reply.id, text: reply.text ?? '' } : null,
  }));
}

/** Messages by id (absent when deleted), as live events and mutations present them. */
export async function loadChatMessages(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, ChatMessageRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await messageRecords(db, inArray(chatMessages.id, [...ids]), 'asc', ids.length);
  return new Map(rows.map((row) => [row.id, row]));
}

export async function loadChatMessage(db: DbOrTx, id: string): Promise<ChatMessageRecord> {
  const message = (await loadChatMessages(db, [id])).get(id);
  if (!message) throw notFound();
  return message;
}

/** The newest message of each conversation (absent: none yet); one index probe per conversation. */
export async function lastMessagesOf(
  db: DbOrTx,
  conversationIds: readonly string[],
): Promise<Map<string, ChatMessageRecord>> {
  if (conversationIds.length === 0) return new Map();
  const newest = await db
    .select({
      // Spelled out: Drizzle leaves a single-table query's columns unqualified, and a bare "id"
      // inside the subquery would name the message's.
      id: sql<string | null>`(select m.id from chat_messages m
        where m.conversation_id = chat_conversations.id order by m.seq desc limit 1)`,
    })
    .from(chatConversations)
    .where(inArray(chatConversations.id, [...conversationIds]));
  const messages = await loadChatMessages(
    db,
    newest.flatMap((row) => (row.id ? [row.id] : [])),
  );
  return new Map([...messages.values()].map((message) => [message.conversationId, message]));
}

export interface ChatMessagePage {
  items: ChatMessageRecord[];
  hasMore: boolean;
}

/** The seq of a message of the conversation, or null when it is not one (or was deleted). */
async function seqOf(db: DbOrTx, conversationId: string, messageId: string) {
  const [row] = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.conversationId, conversationId)));
  return row?.seq ?? null;
}

/**
 * A conversation's history, oldest first, by seq (keyset): the newest `limit` messages; those
 * before `before`; or, catching up after a reconnect, those after `after` (up to CHAT_LIST_MAX;
 * an `after` the server does not know, e.g. deleted, gives the newest page). `hasMore` says
 * whether older messages remain before the first; an unknown `before` gives an empty page.
 */
export async function listChatMessages(
  ctx: Context,
  input: { conversationId: unknown; before?: unknown; after?: unknown; limit?: unknown },
): Promise<ChatMessagePage> {
  const viewer = requireViewer(ctx);
  const data = parseInput(chatHistorySchema, input);
  const conversation = await requireReadableConversation(ctx, viewer, data.conversationId);
  const inConversation = eq(chatMessages.conversationId, conversation.id);
  const after = data.after ? await seqOf(ctx.db, conversation.id, data.after) : null;
  if (after !== null) {
    const items = await messageRecords(
      ctx.db,
      and(inConversation, gt(chatMessages.seq, after)),
      'asc',
      CHAT_LIST_MAX,
    );
    return { items, hasMore: true };
  }
  const before = data.before ? await seqOf(ctx.db, conversation.id, data.before) : null;
  if (data.before && before === null) return { items: [], hasMore: false };
  const newestFirst = await messageRecords(
    ctx.db,
    before === null ? inConversation : and(inConversation, lt(chatMessages.seq, before)),
    'desc',
    data.limit + 1,
  );
  return {
    items: newestFirst.slice(0, data.limit).reverse(),
    hasMore: newestFirst.length > data.limit,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing messages

type ChatChange = Topics['chat'][0]['change'];

/** Tells every process's subscribers (after the write committed). */
export const announceMessage = (
  ctx: Context,
  change: ChatChange,
  message: { id: string; conversationId: string; authorId: string | null },
) =>
  ctx.pubsub.publish('chat', {
    conversationId: message.conversationId,
    change,
    messageId: message.id,
    authorId: message.authorId,
  });

/**
 * The text as stored: sanitised, then trailing empty paragraphs stripped (000 §5), so the rules
 * judge what will be shown. Empty text is stored as '' and allowed only beside images.
 */
function cleanMessageText(html: string, hasFiles: boolean): string {
  const clean = stripTrailingEmptyParagraphs(sanitizeRichText(html));
  const plain = htmlToPlainText(clean).trim();
  if (plain.length > CHAT_TEXT_MAX)
    throw new AppError('BAD_USER_INPUT', CHAT_MESSAGES.messageTooLong, { field: 'text' });
  if (!plain && !hasFiles)
    throw new AppError('BAD_USER_INPUT', CHAT_MESSAGES.messageEmpty, { field: 'text' });
  return plain ? clean : '';
}

/**
 * Takes the conversation's row lock until the write commits. Messages of one conversation are
 * then added one at a time, so their seqs commit in order: a client catching up `after` a message
 * can never miss one that committed later with a smaller seq.
 */
async function lockConversation(tx: DbOrTx, conversationId: string) {
  await tx
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId))
    .for('update');
}

/** A message stored before under this id: the same send again, or someone else's id. */
async function earlierSend(
  tx: DbOrTx,
  id: string,
  authorId: string,
  conversationId: string,
): Promise<boolean> {
  const [existing] = await tx
    .select({ authorId: chatMessages.authorId, conversationId: chatMessages.conversationId })
    .from(chatMessages)
    .where(eq(chatMessages.id, id));
  if (!existing) return false;
  if (existing.authorId === authorId && existing.conversationId === conversationId) return true;
  throw new AppError('BAD_USER_INPUT', CHAT_MESSAGES.idTaken, { field: 'id' });
}

async function requireReply(tx: DbOrTx, conversationId: string, replyToId: string) {
  if ((await seqOf(tx, conversationId, replyToId)) === null)
    throw new AppError('BAD_USER_INPUT', CHAT_MESSAGES.replyNotFound, { field: 'replyToId' });
}

/**
 * Sends a message to a conversation the viewer may post in (NOT_FOUND otherwise), or with
 * `receiverId` to the direct chat with that person (opened, or made, in the same transaction).
 * Idempotent by the client's id: the same message sent again returns the stored one and is not
 * announced again; an id someone else (or another conversation) used is refused. The author has
 * read up to it, and so has everyone with the conversation open. Limited per person (chat-limits),
 * more tightly when it starts a direct chat with someone new.
 */
export async function sendChatMessage(ctx: Context, input: unknown): Promise<ChatMessageRecord> {
  const viewer = requireWriter(ctx);
  const data = parseInput(sendMessageSchema, input);
  const text = cleanMessageText(data.text, data.files.length > 0);
  const limits = [
    ...messageKeys(viewer.id),
    ...(data.conversationId ? [] : await directChatKeys(ctx.db, viewer.id, data.receiverId!)),
  ];
  const sent = await limitedWriteFor(ctx.db, CHAT_LIMITS_BUCKET, limits, async (tx) => {
    const direct = data.conversationId
      ? null
      : await openDirectChat(tx, viewer.id, data.receiverId!);
    const conversation = await requireReadableConversation(
      tx,
      viewer,
      data.conversationId ?? direct!.id,
    );
    // The conversation before its images' rows, as its deletion locks them: no deadlock.
    await lockConversation(tx, conversation.id);
    const files = await storedFilesOf(tx, conversation.id, data.files);
    if (await earlierSend(tx, data.id, viewer.id, conversation.id))
      return { conversation, direct, added: false };
    if (data.replyToId) await requireReply(tx, conversation.id, data.replyToId);
    const [added] = await tx
      .insert(chatMessages)
      .values({
        id: data.id,
        conversationId: conversation.id,
        authorId: viewer.id,
        text,
        files,
        replyToId: data.replyToId ?? null,
      })
      .onConflictDoNothing()
      .returning({ seq: chatMessages.seq, createdAt: chatMessages.createdAt });
    // Only another conversation's send of the same id can have won the race past the lock.
    if (!added) {
      await earlierSend(tx, data.id, viewer.id, conversation.id);
      return { conversation, direct, added: false };
    }
    await tx
      .update(chatConversations)
      .set({ lastMessageAt: added.createdAt })
      .where(eq(chatConversations.id, conversation.id));
    await markReadUpTo(tx, readMarkOf(conversation), viewer.id, added.seq);
    await readByActiveMembers(tx, conversation.id, added.seq);
    return { conversation, direct, added: true };
  });
  if (sent.direct?.created)
    announceMembers(ctx, sent.conversation.id, [viewer.id, data.receiverId!]);
  if (sent.added)
    announceMessage(ctx, 'added', {
      id: data.id,
      conversationId: sent.conversation.id,
      authorId: viewer.id,
    });
  return loadChatMessage(ctx.db, data.id);
}

/**
 * The viewer's own message of a conversation they still read: NOT_FOUND for a non-member (before
 * anything else) or a message that is not there, FORBIDDEN for someone else's. The conversation
 * may be named by the other person of a direct chat (the spec's delete row).
 */
async function ownMessage(ctx: Context, conversationId: string, messageId: string) {
  const viewer = requireWriter(ctx);
  const conversation = await requireNamedConversation(ctx, viewer, conversationId);
  const [message] = await ctx.db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      authorId: chatMessages.authorId,
      files: chatMessages.files,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.conversationId, conversation.id)));
  if (!message) throw notFound();
  if (message.authorId !== viewer.id) throw new AppError('FORBIDDEN', CHAT_MESSAGES.notAuthor);
  return message;
}

/** The author changes their message's text (shown as edited; counted as a message sent). */
export async function editChatMessage(ctx: Context, input: unknown): Promise<ChatMessageRecord> {
  const viewer = requireWriter(ctx);
  const data = parseInput(editMessageSchema, input);
  const message = await ownMessage(ctx, data.conversationId, data.messageId);
  const text = cleanMessageText(data.text, message.files.length > 0);
  const [edited] = await limitedWriteFor(ctx.db, CHAT_LIMITS_BUCKET, messageKeys(viewer.id), (tx) =>
    tx
      .update(chatMessages)
      .set({ text, editedAt: new Date() })
      .where(and(eq(chatMessages.id, message.id), eq(chatMessages.authorId, message.authorId!)))
      .returning({ id: chatMessages.id }),
  );
  if (!edited) throw notFound();
  announceMessage(ctx, 'edited', message);
  return loadChatMessage(ctx.db, message.id);
}

/** The author deletes their message (with its reactions; replies to it lose their quote). */
export async function deleteChatMessage(ctx: Context, input: unknown): Promise<void> {
  requireWriter(ctx);
  const data = parseInput(chatMessageRefSchema, input);
  const message = await ownMessage(ctx, data.conversationId, data.messageId);
  const [deleted] = await ctx.db
    .delete(chatMessages)
    .where(and(eq(chatMessages.id, message.id), eq(chatMessages.authorId, message.authorId!)))
    .returning({ id: chatMessages.id });
  if (!deleted) throw notFound();
  announceMessage(ctx, 'removed', message);
  await removeUnusedFiles(ctx, message.conversationId, message.files);
}
