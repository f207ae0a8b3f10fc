import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every hashtag ever posted; the id is the lower-cased tag text. Counters come with tag pages. */
export const tags = pgTable('tags', {
  id: text('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
