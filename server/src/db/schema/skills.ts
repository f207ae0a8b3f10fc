import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { filesColumn } from './media';
import { spaces } from './spaces';
import { users } from './users';

export const skills = pgTable(
  'skills',
  {
    id: text('id').primaryKey(),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isAnonymousPost: boolean('is_anonymous_post').notNull().default(false),
    isApproved: boolean('is_approved').notNull().default(true),
    /** Hidden by a moderator: only the author (marked hidden) and moderators see it. */
    isHidden: boolean('is_hidden').notNull().default(false),
    totalParticipants: integer('total_participants').notNull().default(0),
    totalComments: integer('total_comments').notNull().default(0),
    files: filesColumn(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('skills_space_recent_idx').on(table.spaceId, table.createdAt, table.id),
    index('skills_author_idx').on(table.authorId),
  ],
);

/** People who have a skill (its members); the creator is the first. */
export const skillMembers = pgTable(
  'skill_members',
  {
    skillId: text('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.skillId, table.userId] }),
    index('skill_members_user_idx').on(table.userId),
  ],
);
