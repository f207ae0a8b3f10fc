import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { LiveParentProblem } from '../posts/live-parent-problem';
import { problems, stories } from '../../db/schema';
import type { AuthorRow } from '../users/user.rows';
import type { WithLiveEngagement } from '../posts/engagement-columns';
import { isPostPublished, postPolicy, canEditPost } from '../posts/post.policy';
import { problemReadableBy, problemReadableIn } from '../problems/problem.policy';
import {
  spaceReadableBy,
  spaceReadableIn,
  type SpaceAccess,
  type SqlViewer,
} from '../spaces/space.policy';

export type StoryRow = typeof stories.$inferSelect;

const storyPolicy = postPolicy(stories);

/** Published and approved (anonymous posts wait) in a readable space, wherever it was posted. */
const storyPublishedFor = (viewer: SqlViewer): SQL => storyPolicy.listedFor(viewer);

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

/** Listed anywhere: in a public feed, or on its problem's Stories tab. */
export const storyShownFor = (viewer: SqlViewer): SQL =>
  or(storyListedFor(viewer), storyOnProblemFor(viewer))!;

/**
 * Readable by id: what the feeds and problems list, plus the viewer's own stories (drafts, pending
 * posts) while they can read the story's space: someone who left or was blocked from a private
 * space reads, edits, publishes and deletes nothing of it. Every write checks this rule first.
 */
export const storyReadableBy = (viewer: SqlViewer): SQL => {
  const listed = storyShownFor(viewer);
  if (!viewer) return listed;
  const ownInReadableSpace = and(
    eq(stories.authorId, viewer.id),
    spaceReadableBy(viewer, stories.spaceId),
  )!;
  return or(listed, ownInReadableSpace, storyPolicy.hiddenForModerators(viewer))!;
};

export const canEditStory: (viewer: Viewer | null, story: StoryRow) => boolean = canEditPost;

/**
 * A story as a live event carries it to every subscriber of a process: the row, its author, and
 * what the in-memory rules below need (its space's privacy; the problem it was posted to).
 */
export type LiveStory = StoryRow &
  WithLiveEngagement & {
    author: AuthorRow | null;
    space: { id: string; isPrivate: boolean };
    problem: LiveParentProblem | null;
  };

/** Published and approved, wherever it was posted (a draft or a pending anonymous post is not). */
export const isStoryPublished = (story: StoryRow) => isPostPublished(story);

/** `storyListedFor` for a story in memory: what a live space feed shows this viewer. */
export const storyListedIn = (access: SpaceAccess, story: LiveStory) =>
  isStoryPublished(story) && story.problemId === null && spaceReadableIn(access, story.space);

/** `storyOnProblemFor` for a story in memory: what a problem's live Stories tab shows. */
export const storyOnProblemIn = (access: SpaceAccess, story: LiveStory) =>
  isStoryPublished(story) &&
  story.problem !== null &&
  spaceReadableIn(access, story.space) &&
  problemReadableIn(access, story.problem);
