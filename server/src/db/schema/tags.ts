import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';
import { users } from './users';
import { cascadeRef, createdAtColumn } from './columns';

/** Every hashtag ever posted; the id is the lower-cased tag text. */
export const tags = pgTable(
  'tags',
  {
    id: text('id').primaryKey(),
    description: text('description'),
    /** Following is not private content, so followers are counted across spaces. */
    totalFollowers: integer('total_followers').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [index('tags_followers_idx').on(table.totalFollowers, table.id)],
);

/**
 * Tag counters per space: a tag page shows what the viewer's active space holds, and counting per
 * space keeps a private space's content from showing in anyone else's numbers. Only listed items
 * count (published, approved).
 */
export const spaceTags = pgTable(
  'space_tags',
  {
    spaceId: cascadeRef('space_id', () => spaces.id),
    tagId: cascadeRef('tag_id', () => tags.id),
    totalStories: integer('total_stories').notNull().default(0),
    totalProblems: integer('total_problems').notNull().default(0),
    totalSolutions: integer('total_solutions').notNull().default(0),
    firstUsedAt: timestamp('first_used_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.spaceId, table.tagId] })],
);

export const tagFollows = pgTable(
  'tag_follows',
  {
    userId: cascadeRef('user_id', () => users.id),
    tagId: cascadeRef('tag_id', () => tags.id),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.tagId] }),
    index('tag_follows_tag_idx').on(table.tagId),
  ],
);

/** Problem alerts: tags whose new problems the user wants to hear about. */
export const notificationTags = pgTable(
  'notification_tags',
  {
    userId: cascadeRef('user_id', () => users.id),
    tagId: cascadeRef('tag_id', () => tags.id),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tagId] })],
);
