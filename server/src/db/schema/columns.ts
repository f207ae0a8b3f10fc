import { text } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A required reference to a row that owns this one: deleting that row deletes this one too
 * (a post's author, a map's waypoint, a member's conversation…).
 */
export const cascadeRef = <Name extends string>(name: Name, target: () => AnyPgColumn) =>
  text(name).notNull().references(target, { onDelete: 'cascade' });
