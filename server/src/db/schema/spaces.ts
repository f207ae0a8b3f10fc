import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Spaces hold every item. The global space ('ww') is inserted by the first migration. */
export const spaces = pgTable('spaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Country code for country spaces, 'ww' for the global one, null for private spaces. */
  code: text('code'),
  isPrivate: boolean('is_private').notNull().default(false),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
