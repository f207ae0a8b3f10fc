import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import { stories } from '../../db/schema';
import { spaceReadableBy } from '../spaces/space.policy';

export type StoryRow = typeof stories.$inferSelect;

/** Listed in public feeds: published, approved (anonymous posts wait), in a readable space. */
export const storyListedFor = (viewer: Viewer | null): SQL =>
  and(eq(stories.isDraft, false), eq(stories.isApproved, true), spaceReadableBy(viewer, stories.spaceId))!;

/** Readable by id: what the feed lists, plus the viewer's own drafts and pending posts. */
export const storyReadableBy = (viewer: Viewer | null): SQL =>
  viewer ? or(storyListedFor(viewer), eq(stories.authorId, viewer.id))! : storyListedFor(viewer);

export const canEditStory = (viewer: Viewer | null, story: StoryRow) => viewer?.id === story.authorId;
