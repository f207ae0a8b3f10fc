import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Loaders exist only on the request context: one set per request, so caches never cross viewers. */
export function createLoaders(db: Db) {
  return {
    userById: new DataLoader<string, UserRow | null>(async (ids) => {
      const rows = await db.select().from(users).where(inArray(users.id, [...ids]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
