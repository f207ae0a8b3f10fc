import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// The kinds come from the shared rules (relative paths: drizzle-kit reads this file without the
// project's path aliases).
import {
  NOTIFICATION_ITEM_TYPES,
  NOTIFICATION_KINDS,
  WATCH_LEVELS,
} from '../../../../schema/rules/notifications';
import { spaces } from './spaces';
import { users } from './users';
import { cascadeRef, createdAtColumn, updatedAtColumn } from './columns';

/**
 * One row per person and group: 'Ada and 3 others reacted to your story' is one row whose actors
 * grow and which turns unread again, not four rows. `groupKey` names the group (kind and item).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    groupKey: text('group_key').notNull(),
    /** What it is about; checked again against the viewer's rules whenever it is listed. */
    itemType: text('item_type', { enum: NOTIFICATION_ITEM_TYPES }).notNull(),
    itemId: text('item_id').notNull(),
    /** The item's space: the per-space pages and switch, and private-space visibility. */
    spaceId: text('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    /** Distinct people who acted, newest first. */
    actorIds: text('actor_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    actorCount: integer('actor_count').notNull().default(1),
    /** The event that last touched the row: live delivery loads the rows of one event by it. */
    eventId: text('event_id').notNull(),
    /** What the text needs beyond the item (a status, a reaction kind, a snippet…). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('notifications_group_key').on(table.userId, table.groupKey),
    index('notifications_list_idx').on(table.userId, table.updatedAt, table.id),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.isRead} = false`),
    index('notifications_event_idx').on(table.eventId),
    index('notifications_item_idx').on(table.itemType, table.itemId),
  ],
);

/** How closely a person follows an item (WATCH_LEVELS); no row is 'not watching'. */
export const itemWatches = pgTable(
  'item_watches',
  {
    userId: cascadeRef('user_id', () => users.id),
    itemType: text('item_type', { enum: NOTIFICATION_ITEM_TYPES }).notNull(),
    itemId: text('item_id').notNull(),
    level: text('level', { enum: WATCH_LEVELS }).notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.itemType, table.itemId, table.userId] }),
    index('item_watches_user_idx').on(table.userId),
  ],
);

/** A browser's Web Push subscription; deleted when the push service answers 404 or 410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);
