import { randomUUID } from 'node:crypto';
import {
  AI_CHAT_MESSAGES_PAGE,
  AI_CHATS_MAX,
  AI_MESSAGES,
  aiChatInputSchema,
  aiChatNameSchema,
  idSchema,
  type AiProvider,
} from '@rules';
import { and, count, desc, eq, getTableColumns, lt, or, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { aiChatMessages, aiChats, aiConfigs, users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { resolveActiveSpace } from '../spaces/space.service';
import { requireSessionViewer } from './ai-access';

/**
 * A person's AI chats and their messages (000 §2 /aichat). Private to their person: another's
 * chat answers as missing, as one that does not exist. Sending and stopping answers is
 * ai-chat-stream.service.ts.
 */

export type AiChatMessageRow = typeof aiChatMessages.$inferSelect;
/** A chat with its config's provider (null once the config was deleted). */
export type AiChatRow = typeof aiChats.$inferSelect & { provider: AiProvider | null };

const CHAT_COLUMNS = { ...getTableColumns(aiChats), provider: aiConfigs.provider };

const mine = (userId: string, id: string) => and(eq(aiChats.id, id), eq(aiChats.userId, userId));

/** One of the viewer's chats, else NOT_FOUND (another's chat too). */
export async function ownAiChat(ctx: Context, idInput: unknown): Promise<AiChatRow> {
  const viewer = requireSessionViewer(ctx);
  const id = parseInput(idSchema, idInput, 'id');
  const [chat] = await ctx.db
    .select(CHAT_COLUMNS)
    .from(aiChats)
    .leftJoin(aiConfigs, eq(aiConfigs.id, aiChats.configId))
    .where(mine(viewer.id, id));
  if (!chat) throw notFound();
  return chat;
}

/** The viewer's chats, the one most recently written in first. */
export async function listAiChats(
  ctx: Context,
  input: { first?: number | null; after?: string | null },
): Promise<Page<AiChatRow>> {
  const viewer = requireSessionViewer(ctx);
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const rows = await ctx.db
    .select(CHAT_COLUMNS)
    .from(aiChats)
    .leftJoin(aiConfigs, eq(aiConfigs.id, aiChats.configId))
    .where(and(eq(aiChats.userId, viewer.id), afterCursor(aiChats.updatedAt, aiChats.id, cursor)))
    .orderBy(desc(aiChats.updatedAt), desc(aiChats.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({ value: row.updatedAt, id: row.id }));
}

/** A config id the viewer owns, else NOT_FOUND (as openAiConfig answers another's). */
async function assertOwnConfig(db: DbOrTx, userId: string, configId: string) {
  const [own] = await db
    .select({ id: aiConfigs.id })
    .from(aiConfigs)
    .where(and(eq(aiConfigs.id, configId), eq(aiConfigs.userId, userId)));
  if (!own) throw notFound();
}

/**
 * Starts a chat in the space given (the active space otherwise: its problems are the context the
 * chat may send), through the config given (the default otherwise). Unnamed, the first message
 * names it. At most AI_CHATS_MAX per person, counted with their row locked.
 */
export async function createAiChat(ctx: Context, input: unknown): Promise<AiChatRow> {
  const viewer = requireSessionViewer(ctx);
  const data = parseInput(aiChatInputSchema, input);
  if (data.configId) await assertOwnConfig(ctx.db, viewer.id, data.configId);
  const space = await resolveActiveSpace(ctx, data.spaceId);
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');
    const [held] = await tx
      .select({ total: count() })
      .from(aiChats)
      .where(eq(aiChats.userId, viewer.id));
    if ((held?.total ?? 0) >= AI_CHATS_MAX)
      throw new AppError('CONFLICT', AI_MESSAGES.chatsTooMany);
    await tx.insert(aiChats).values({
      id,
      userId: viewer.id,
      configId: data.configId ?? null,
      spaceId: space.id,
      name: data.name ?? '',
    });
  });
  return ownAiChat(ctx, id);
}

export async function renameAiChat(
  ctx: Context,
  idInput: unknown,
  nameInput: unknown,
): Promise<AiChatRow> {
  const viewer = requireSessionViewer(ctx);
  const id = parseInput(idSchema, idInput, 'id');
  const name = parseInput(aiChatNameSchema, nameInput, 'name');
  const [renamed] = await ctx.db
    .update(aiChats)
    .set({ name })
    .where(mine(viewer.id, id))
    .returning({ id: aiChats.id });
  if (!renamed) throw notFound();
  return ownAiChat(ctx, id);
}

/** Deletes a chat and its messages; the ids of its answers still streaming, to stop them. */
export async function deleteAiChatRow(ctx: Context, idInput: unknown): Promise<string[]> {
  const viewer = requireSessionViewer(ctx);
  const id = parseInput(idSchema, idInput, 'id');
  return ctx.db.transaction(async (tx) => {
    const streaming = await tx
      .select({ id: aiChatMessages.id })
      .from(aiChatMessages)
      .where(and(eq(aiChatMessages.chatId, id), eq(aiChatMessages.status, 'streaming')));
    const [removed] = await tx.delete(aiChats).where(mine(viewer.id, id)).returning();
    if (!removed) throw notFound();
    return streaming.map((row) => row.id);
  });
}

/**
 * A chat's messages, oldest first: the newest `last`, or the `last` before the message
 * `before`. `hasMore`: older messages remain.
 */
export async function listAiChatMessages(
  ctx: Context,
  chat: AiChatRow,
  input: { last?: number | null; before?: string | null },
): Promise<{ messages: AiChatMessageRow[]; hasMore: boolean }> {
  const size = Math.min(Math.max(input.last ?? AI_CHAT_MESSAGES_PAGE, 1), ctx.pageSizeMax);
  let older;
  if (input.before) {
    const beforeId = parseInput(idSchema, input.before, 'before');
    const [anchor] = await ctx.db
      .select({ createdAt: aiChatMessages.createdAt })
      .from(aiChatMessages)
      .where(and(eq(aiChatMessages.id, beforeId), eq(aiChatMessages.chatId, chat.id)));
    if (!anchor) throw notFound();
    older = or(
      lt(aiChatMessages.createdAt, anchor.createdAt),
      and(eq(aiChatMessages.createdAt, anchor.createdAt), lt(aiChatMessages.id, beforeId)),
    );
  }
  const rows = await ctx.db
    .select()
    .from(aiChatMessages)
    .where(and(eq(aiChatMessages.chatId, chat.id), older))
    .orderBy(desc(aiChatMessages.createdAt), desc(aiChatMessages.id))
    .limit(size + 1);
  return { messages: rows.slice(0, size).reverse(), hasMore: rows.length > size };
}

/** One message of one of the viewer's chats, else NOT_FOUND. */
export async function ownAiChatMessage(
  ctx: Context,
  idInput: unknown,
): Promise<AiChatMessageRow & { userId: string }> {
  const viewer = requireSessionViewer(ctx);
  const id = parseInput(idSchema, idInput, 'messageId');
  const [row] = await ctx.db
    .select({ ...getTableColumns(aiChatMessages), userId: aiChats.userId })
    .from(aiChatMessages)
    .innerJoin(aiChats, eq(aiChats.id, aiChatMessages.chatId))
    .where(and(eq(aiChatMessages.id, id), eq(aiChats.userId, viewer.id)));
  if (!row) throw notFound();
  return row;
}

/** A chat's count of answers still streaming (one at a time per chat). */
export const streamingIn = (db: DbOrTx, chatId: string) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(aiChatMessages)
    .where(and(eq(aiChatMessages.chatId, chatId), eq(aiChatMessages.status, 'streaming')))
    .then((rows) => rows[0]?.total ?? 0);

/**
 * Stores an exchange no provider was asked for (the demo's): questions and answers alternating,
 * one transaction, in order.
 */
export async function keepAiChatExchange(
  ctx: Context,
  chatIdInput: unknown,
  texts: readonly string[],
): Promise<void> {
  const chat = await ownAiChat(ctx, chatIdInput);
  const start = Date.now();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(aiChatMessages).values(
      texts.map((text, index) => ({
        id: randomUUID(),
        chatId: chat.id,
        role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
        text,
        createdAt: new Date(start + index),
      })),
    );
    await tx
      .update(aiChats)
      .set({ updatedAt: new Date(start + texts.length) })
      .where(eq(aiChats.id, chat.id));
  });
}
