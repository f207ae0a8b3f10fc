import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import { problems, skills, spaceParticipants, spaceTags, stories, users } from '../../db/schema';
import { problemListedFor } from '../problems/problem.policy';
import { skillListedFor } from '../skills/skill.policy';
import { activeMemberIn } from '../spaces/space.policy';
import { resolveActiveSpace } from '../spaces/space.service';
import { storyListedFor } from '../stories/story.policy';

export interface DashboardView {
  totalProblems: number;
  totalTags: number;
  totalStories: number;
  totalUsers: number;
  totalSkills: number;
}

const count = sql<number>`count(*)`.mapWith(Number);

/**
 * The active space's numbers: listed problems, tags, feed stories and skills (no drafts, no
 * pending anonymous posts), and its people: every verified user for a public space, the active
 * participants of a private one. A space the viewer may not read is NOT_FOUND.
 */
export async function dashboardInfo(ctx: Context, spaceId?: string | null): Promise<DashboardView> {
  const space = await resolveActiveSpace(ctx, spaceId);
  const [[problemCount], [storyCount], [tagCount], [skillCount], [userCount]] = await Promise.all([
    ctx.db
      .select({ count })
      .from(problems)
      .where(and(eq(problems.spaceId, space.id), problemListedFor(ctx.viewer))),
    ctx.db
      .select({ count })
      .from(stories)
      .where(and(eq(stories.spaceId, space.id), storyListedFor(ctx.viewer))),
    ctx.db
      .select({ count })
      .from(spaceTags)
      .where(
        and(
          eq(spaceTags.spaceId, space.id),
          or(
            gt(spaceTags.totalStories, 0),
            gt(spaceTags.totalProblems, 0),
            gt(spaceTags.totalSolutions, 0),
          ),
        ),
      ),
    ctx.db
      .select({ count })
      .from(skills)
      .where(and(eq(skills.spaceId, space.id), skillListedFor(ctx.viewer))),
    space.isPrivate
      ? ctx.db.select({ count }).from(spaceParticipants).where(activeMemberIn(space.id))
      : ctx.db.select({ count }).from(users).where(eq(users.emailVerified, true)),
  ]);
  return {
    totalProblems: problemCount?.count ?? 0,
    totalStories: storyCount?.count ?? 0,
    totalTags: tagCount?.count ?? 0,
    totalSkills: skillCount?.count ?? 0,
    totalUsers: userCount?.count ?? 0,
  };
}
