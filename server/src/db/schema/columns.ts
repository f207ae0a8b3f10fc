import { text, timestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A required reference to a row that owns this one: deleting that row deletes this one too
 * (a post's author, a map's waypoint, a member's conversation…).
 */
export const cascadeRef = <Name extends string>(name: Name, target: () => AnyPgColumn) =>
  text(name).notNull().references(target, { onDelete: 'cascade' });

/** When the row was written (milliseconds, with its time zone), set by the database. */
export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** When the row last changed; each write that changes it sets it. */
export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
