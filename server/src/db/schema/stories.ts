import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { problems } from './problems';
import { locationColumns, locationIndex } from './media';
import { draftColumn, postColumns, reactionColumns } from './post-columns';

export const stories = pgTable(
  'stories',
  {
    ...postColumns(),
    ...draftColumn(),
    ...reactionColumns(),
    /** Set when the story was posted to a problem: then it shows on the problem, not in the space feed. */
    problemId: text('problem_id').references(() => problems.id, { onDelete: 'cascade' }),
    /** Sanitised rich text (HTML). */
    story: text('story').notNull(),
    ...locationColumns(),
    // Older than the other kinds' millisecond edit times; kept so the table does not change.
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
