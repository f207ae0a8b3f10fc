import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import { skills } from '../../db/schema';
import { spaceReadableBy } from '../spaces/space.policy';

export type SkillRow = typeof skills.$inferSelect;

/** Listed: approved (anonymous skills wait) in a readable space. Skills have no drafts. */
export const skillListedFor = (viewer: Viewer | null): SQL =>
  and(eq(skills.isApproved, true), spaceReadableBy(viewer, skills.spaceId))!;

/** Readable by id: what lists show, plus the viewer's own pending skill (in a space they can read). */
export const skillReadableBy = (viewer: Viewer | null): SQL =>
  viewer
    ? and(
        spaceReadableBy(viewer, skills.spaceId),
        or(eq(skills.isApproved, true), eq(skills.authorId, viewer.id)),
      )!
    : skillListedFor(viewer);

export const canEditSkill = (viewer: Viewer | null, skill: SkillRow) =>
  viewer?.id === skill.authorId;
