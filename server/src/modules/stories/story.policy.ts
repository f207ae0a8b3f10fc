import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import { problems, stories } from '../../db/schema';
import { problemReadableBy } from '../problems/problem.policy';
import { spaceReadableBy, type SqlViewer } from '../spaces/space.policy';

export type StoryRow = typeof stories.$inferSelect;

/** Published and approved (anonymous posts wait) in a readable space, wherever it was posted. */
const storyPublishedFor = (viewer: SqlViewer): SQL =>
  and(
    eq(stories.isDraft, false),
    eq(stories.isApproved, true),
    spaceReadableBy(viewer, stories.spaceId),
  )!;

/** The story's problem is readable by the viewer. */
const problemReadableSql = (viewer: SqlViewer): SQL =>
  sql`exists (select 1 from ${problems} where ${problems.id} = ${stories.problemId} and ${problemReadableBy(viewer)})`;

/**
 * Listed in public feeds (space feed, following feed, tag pages): published stories that were not
 * posted to a problem. A story posted to a problem is not public: it shows on the problem only.
 */
export const storyListedFor = (viewer: SqlViewer): SQL =>
  and(storyPublishedFor(viewer), isNull(stories.problemId))!;

/** Listed on a problem's Stories tab: published, and the problem is readable by the viewer. */
export const storyOnProblemFor = (viewer: SqlViewer): SQL =>
  and(storyPublishedFor(viewer), isNotNull(stories.problemId), problemReadableSql(viewer))!;

/**
 * Readable by id: what the feeds and problems list, plus the viewer's own stories (drafts, pending
 * posts) while they can read the story's space: someone who left or was blocked from a private
 * space reads, edits, publishes and deletes nothing of it. Every write checks this rule first.
 */
export const storyReadableBy = (viewer: SqlViewer): SQL => {
  const listed = or(storyListedFor(viewer), storyOnProblemFor(viewer))!;
  if (!viewer) return listed;
  const ownInReadableSpace = and(
    eq(stories.authorId, viewer.id),
    spaceReadableBy(viewer, stories.spaceId),
  )!;
  return or(listed, ownInReadableSpace)!;
};

export const canEditStory = (viewer: Viewer | null, story: StoryRow) =>
  viewer?.id === story.authorId;
