import type { SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import { skills } from '../../db/schema';
import { postPolicy, canEditPost } from '../posts/post.policy';

export type SkillRow = typeof skills.$inferSelect;

/** Skills have no drafts: published means approved (anonymous skills wait). */
const skillPolicy = postPolicy(skills);

/** Listed: approved (anonymous skills wait) in a readable space. */
export const skillListedFor = (viewer: Viewer | null): SQL => skillPolicy.listedFor(viewer);

/** Readable by id: what lists show, plus the viewer's own pending skill (in a space they can read). */
export const skillReadableBy = (viewer: Viewer | null): SQL => skillPolicy.readableBy(viewer);

export const canEditSkill: (viewer: Viewer | null, skill: SkillRow) => boolean = canEditPost;
