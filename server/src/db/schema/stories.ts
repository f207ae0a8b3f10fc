import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReactionCounts } from './engagement';
import { problems } from './problems';
import { filesColumn, locationColumns, locationIndex } from './media';
import { spaces } from './spaces';
import { users } from './users';

export const stories = pgTable(
  'stories',
  {
    id: text('id').primaryKey(),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when the story was posted to a problem: then it shows on the problem, not in the space feed. */
    problemId: text('problem_id').references(() => problems.id, { onDelete: 'cascade' }),
    /** Sanitised rich text (HTML). */
    story: text('story').notNull(),
    /** Lower-cased hashtags in order of appearance; denormalised so a feed card needs no join. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isAnonymousPost: boolean('is_anonymous_post').notNull().default(false),
    isDraft: boolean('is_draft').notNull().default(false),
    /** Anonymous posts wait for a moderator; every other post is approved on creation. */
    isApproved: boolean('is_approved').notNull().default(true),
    /** Hidden by a moderator: only the author (marked hidden) and moderators see it. */
    isHidden: boolean('is_hidden').notNull().default(false),
    totalReactions: integer('total_reactions').notNull().default(0),
    reactionCounts: jsonb('reaction_counts').$type<ReactionCounts>().notNull().default({}),
    totalComments: integer('total_comments').notNull().default(0),
    files: filesColumn(),
    ...locationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The public feed: newest first inside a space, published and approved only. Indexes are
    // ascending on purpose: PostgreSQL scans them backwards for ORDER BY … DESC, while Drizzle's
    // .desc() would write DESC NULLS LAST, which no DESC (NULLS FIRST) sort can use.
    index('stories_feed_idx')
      .on(table.spaceId, table.createdAt, table.id)
      .where(sql`${table.isDraft} = false and ${table.isApproved} = true`),
    index('stories_author_idx').on(table.authorId, table.createdAt, table.id),
    index('stories_tags_idx').using('gin', table.tags),
    index('stories_problem_idx').on(table.problemId, table.createdAt),
    locationIndex('stories_location_idx', table),
  ],
);
