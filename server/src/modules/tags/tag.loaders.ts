import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { problems } from '../../db/schema';

/**
 * Per-request DataLoaders of tags and feeds; spread into the request context's loaders.
 * `storyProblemNameById` names the problem a story was posted to (the story is readable, so its
 * problem is too).
 */
export const createTagLoaders = (db: Db) => ({
  storyProblemNameById: new DataLoader<string, string | null>(async (ids) => {
    const rows = await db
      .select({ id: problems.id, name: problems.name })
      .from(problems)
      .where(inArray(problems.id, [...ids]));
    const byId = new Map(rows.map((row) => [row.id, row.name]));
    return ids.map((id) => byId.get(id) ?? null);
  }),
});
