import DataLoader from 'dataloader';
import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { skillMembers } from '../../db/schema';

/** Per-request DataLoaders of skills for the request's viewer; spread into the context's loaders. */
export function createSkillLoaders(db: Db, viewer: Viewer | null) {
  return {
    /** Whether the viewer is a member of each skill. */
    joinedBySkill: new DataLoader<string, boolean>(async (ids) => {
      if (!viewer) return ids.map(() => false);
      const rows = await db
        .select({ skillId: skillMembers.skillId })
        .from(skillMembers)
        .where(and(eq(skillMembers.userId, viewer.id), inArray(skillMembers.skillId, [...ids])));
      const joined = new Set(rows.map((row) => row.skillId));
      return ids.map((id) => joined.has(id));
    }),
  };
}
