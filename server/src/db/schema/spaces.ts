import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { spaces, users } from './core';
import { cascadeRef, createdAtColumn, updatedAtColumn } from './columns';

export { spaces } from './core';

export const PARTICIPANT_STATUSES = [
  'owner',
  'admin',
  'contributor',
  'invited',
  'requested',
  'blocked',
] as const;

/** Membership of private spaces. Only owner, admin and contributor are active (see content). */
export const spaceParticipants = pgTable(
  'space_participants',
  {
    spaceId: cascadeRef('space_id', () => spaces.id),
    userId: cascadeRef('user_id', () => users.id),
    status: text('status', { enum: PARTICIPANT_STATUSES }).notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.spaceId, table.userId] }),
    index('space_participants_user_idx').on(table.userId, table.status),
  ],
);

/** A user's own relation to any space: favourite, notifications, when last visited (recent spaces). */
export const userSpaces = pgTable(
  'user_spaces',
  {
    userId: cascadeRef('user_id', () => users.id),
    spaceId: cascadeRef('space_id', () => spaces.id),
    favorite: boolean('favorite').notNull().default(false),
    notifications: boolean('notifications').notNull().default(false),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.spaceId] }),
    index('user_spaces_recent_idx').on(table.userId, sql`${table.lastVisitedAt} desc nulls last`),
  ],
);
