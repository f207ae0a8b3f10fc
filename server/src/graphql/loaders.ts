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

/** What a post shows of its author (authorView); loading a user by id never reads more. */
export const AUTHOR_COLUMNS = {
  id: users.id,
  displayName: users.displayName,
  photoUrl: users.photoUrl,
  role: users.role,
};
export type AuthorRow = Pick<UserRow, keyof typeof AUTHOR_COLUMNS>;

/** Loaders exist only on the request context: one set per request, so caches never cross viewers. */
export function createLoaders(db: Db) {
  return {
    authorById: new DataLoader<string, AuthorRow | null>(async (ids) => {
      const rows = await db
        .select(AUTHOR_COLUMNS)
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
