import { AI_CHAT_MESSAGE_STATUSES, AI_CHAT_ROLES } from '@rules';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { aiConfigs } from './ai-configs';
import { spaces, users } from './core';
import { cascadeRef, createdAtColumn, updatedAtColumn } from './columns';

/**
 * A person's AI chats (000 §2 /aichat), private to them: never rows of the human chat tables, so
 * nothing of them reaches unread counts, presence or another member. Each chat is one session of
 * the spec's "AI chat: sessions (id, name, messages)". Its config is the one it last talked
 * through (null once deleted: the default is used then); its space gives the context's problems.
 */
export const aiChats = pgTable(
  'ai_chats',
  {
    id: text('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    configId: text('config_id').references(() => aiConfigs.id, { onDelete: 'set null' }),
    spaceId: text('space_id').references(() => spaces.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
    /** The last message's time: the list shows the most recent chat first. */
    updatedAt: updatedAtColumn(),
  },
  (table) => [index('ai_chats_user_idx').on(table.userId, table.updatedAt, table.id)],
);

/**
 * A chat's messages: the person's (`user`) and the provider's answers (`assistant`), which start
 * `streaming` with no text and end `done`, `stopped` (text so far kept) or `failed` (`error` says
 * why, in the app's words). Tokens are the provider's counts for an answer (an estimate when it
 * was stopped before the provider counted). Answers are untrusted text: shown as plain text.
 */
export const aiChatMessages = pgTable(
  'ai_chat_messages',
  {
    id: text('id').primaryKey(),
    chatId: cascadeRef('chat_id', () => aiChats.id),
    role: text('role', { enum: AI_CHAT_ROLES }).notNull(),
    text: text('text').notNull().default(''),
    status: text('status', { enum: AI_CHAT_MESSAGE_STATUSES }).notNull().default('done'),
    error: text('error'),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [index('ai_chat_messages_chat_idx').on(table.chatId, table.createdAt, table.id)],
);
