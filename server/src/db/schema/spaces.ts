import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Spaces hold every item. The global space ('ww'), one space per ISO country (id = lower-case
 * code) and the skills space are inserted by migrations; private spaces are created by users.
 */
export const spaces = pgTable(
  'spaces',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Country code for country spaces, 'ww' for the global one, null otherwise. */
    code: text('code'),
    kind: text('kind', { enum: ['global', 'country', 'private', 'skills'] })
      .notNull()
      .default('global'),
    isPrivate: boolean('is_private').notNull().default(false),
    /** The purpose of a private space. */
    description: text('description'),
    /** The space image (one image); uploads arrive with the media issue. */
    imageUrl: text('image_url'),
    authorId: text('author_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('spaces_kind_idx').on(table.kind, table.name)],
);

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
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PARTICIPANT_STATUSES }).notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
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
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    favorite: boolean('favorite').notNull().default(false),
    notifications: boolean('notifications').notNull().default(false),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.spaceId] }),
    index('user_spaces_recent_idx').on(table.userId, sql`${table.lastVisitedAt} desc nulls last`),
  ],
);
