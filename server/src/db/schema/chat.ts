import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
// Relative paths: drizzle-kit reads this file without the project's path aliases.
import {
  CHAT_ITEM_TYPES,
  CONVERSATION_TYPES,
  PRESENCE_STATES,
} from '../../../../schema/rules/chat';
import type { ChatFile } from '../../../../schema/rules/chat.schemas';
import { spaces } from './spaces';
import { users } from './users';
import { cascadeRef, createdAtColumn, updatedAtColumn } from './columns';

/**
 * A conversation: a direct chat, a group, a space's channel or its default chat (CONVERSATION_TYPES).
 * Direct chats belong to no space; everything else to one.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: CONVERSATION_TYPES }).notNull(),
    name: text('name'),
    description: text('description'),
    spaceId: text('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    itemType: text('item_type', { enum: CHAT_ITEM_TYPES }),
    itemId: text('item_id'),
    /** Direct chats only: pairKeyOf(a, b), so two people have one conversation however they start it. */
    pairKey: text('pair_key'),
    imageUrl: text('image_url'),
    /** The newest message's time (lists sort by it); the creation time until then. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('chat_conversations_pair_key')
      .on(table.pairKey)
      .where(sql`${table.pairKey} is not null`),
    uniqueIndex('chat_conversations_space_chat')
      .on(table.spaceId)
      .where(sql`${table.type} = 'space'`),
    index('chat_conversations_space_idx').on(table.spaceId, table.type),
    index('chat_conversations_item_idx').on(table.itemType, table.itemId),
  ],
);

/**
 * Who is in a conversation, and how far they have read. Direct chats, groups and channels list
 * their members here; a space chat's readers are the space's (space.policy), and a row appears
 * for each of them when they first open it, starting them at the newest message.
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    conversationId: cascadeRef('conversation_id', () => chatConversations.id),
    userId: cascadeRef('user_id', () => users.id),
    /** The seq of the newest message read: unread = messages by others with a higher seq. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('chat_members_user_idx').on(table.userId),
  ],
);

/**
 * A message. Its id is made by the sending client (so a retried send is stored once); `seq` orders
 * messages and lets a reconnecting client ask for everything after the last one it has.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: cascadeRef('conversation_id', () => chatConversations.id),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Sanitised HTML, trailing empty paragraphs stripped. */
    text: text('text').notNull().default(''),
    files: jsonb('files').$type<ChatFile[]>().notNull().default([]),
    replyToId: text('reply_to_id').references((): AnyPgColumn => chatMessages.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('chat_messages_seq').on(table.seq),
    index('chat_messages_conversation_seq_idx').on(table.conversationId, table.seq),
  ],
);

/** One emoji reaction per person on a message. */
export const chatReactions = pgTable(
  'chat_reactions',
  {
    messageId: cascadeRef('message_id', () => chatMessages.id),
    userId: cascadeRef('user_id', () => users.id),
    emoji: text('emoji').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);

/**
 * A person's chat status (000 §3): online while any of their websockets is connected in any
 * process, else offline since `lastSeen`; and the conversation open on their screen, whose
 * messages count as read as they arrive.
 */
export const chatStatuses = pgTable(
  'chat_statuses',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: PRESENCE_STATES }).notNull().default('offline'),
    lastSeen: timestamp('last_seen', { withTimezone: true, precision: 3 }),
    activeConversationId: text('active_conversation_id').references(() => chatConversations.id, {
      onDelete: 'set null',
    }),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    // A send moves the read mark of the members who have the conversation open.
    index('chat_statuses_active_conversation_idx')
      .on(table.activeConversationId)
      .where(sql`${table.activeConversationId} is not null`),
  ],
);

/**
 * The signed-in websockets of every process, so presence holds across processes: a person is
 * online while a row of theirs belongs to a live process. A process that dies without closing its
 * sockets stops beating; its rows are swept by the others.
 */
export const liveProcesses = pgTable('live_processes', {
  id: text('id').primaryKey(),
  beatAt: timestamp('beat_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export const liveSockets = pgTable(
  'live_sockets',
  {
    id: text('id').primaryKey(),
    processId: cascadeRef('process_id', () => liveProcesses.id),
    userId: cascadeRef('user_id', () => users.id),
    connectedAt: timestamp('connected_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (table) => [index('live_sockets_user_idx').on(table.userId)],
);
