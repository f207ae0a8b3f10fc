import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createProblemLoaders } from '../modules/problems/problem.loaders';
import { createSkillLoaders } from '../modules/skills/skill.loaders';
import { createSolutionLoaders } from '../modules/solutions/solution.loaders';
import { createSpaceLoaders } from '../modules/spaces/space.loaders';
import { createTagLoaders } from '../modules/tags/tag.loaders';

export type UserRow = typeof users.$inferSelect;

/** Loaders exist only on the request context: one set per request, so caches never cross viewers. */
export function createLoaders(db: Db) {
  return {
    userById: new DataLoader<string, UserRow | null>(async (ids) => {
      const rows = await db
        .select()
        .from(users)
        .where(inArray(users.id, [...ids]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    ...createSpaceLoaders(db),
    ...createProblemLoaders(db),
    ...createSolutionLoaders(db),
    ...createSkillLoaders(db),
    ...createTagLoaders(db),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
