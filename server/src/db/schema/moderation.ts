import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
// The kinds come from the shared rules (relative paths: drizzle-kit reads this file without the
// project's path aliases).
import {
  MODERATION_ACTIONS,
  REPORT_STATUSES,
  REPORTABLE_TYPES,
} from '../../../../schema/rules/reports';
import { spaces } from './spaces';
import { users } from './users';
import { createdAtColumn, updatedAtColumn } from './columns';

/** Someone reported a post, comment or person. */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    itemType: text('item_type', { enum: REPORTABLE_TYPES }).notNull(),
    itemId: text('item_id').notNull(),
    /** The item's space (null for people): a private space's owners and admins moderate it. */
    spaceId: text('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    reportedAuthorId: text('reported_author_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    isAnonymousPost: boolean('is_anonymous_post').notNull().default(false),
    /** Topics (posts, comments) or reasons (people). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    comments: text('comments').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    index('reports_queue_idx').on(table.status, table.createdAt),
    index('reports_space_idx').on(table.spaceId, table.status, table.createdAt),
    index('reports_reporter_idx').on(table.reporterId, table.createdAt),
    index('reports_item_idx').on(table.itemType, table.itemId),
  ],
);

/** Every moderation action, who did it and when; shown on the report and kept after it. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    reportId: text('report_id').references(() => reports.id, { onDelete: 'set null' }),
    itemType: text('item_type', { enum: REPORTABLE_TYPES }),
    itemId: text('item_id'),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A suspension's end. */
    until: timestamp('until', { withTimezone: true, precision: 3 }),
    note: text('note'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('moderation_actions_report_idx').on(table.reportId, table.createdAt),
    index('moderation_actions_item_idx').on(table.itemType, table.itemId, table.createdAt),
    index('moderation_actions_user_idx').on(table.targetUserId, table.createdAt),
  ],
);
