import { and, eq, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { spaceReadableBy, type SqlViewer } from '../spaces/space.policy';

/** The columns every post table (stories, problems, solutions, skills) shares for its rules. */
export interface PostPolicyColumns {
  spaceId: AnyPgColumn;
  authorId: AnyPgColumn;
  isApproved: AnyPgColumn;
  /** Absent for skills, which have no drafts. */
  isDraft?: AnyPgColumn;
}

/** Who may see a post kind's rows, as SQL, built once per table from its columns. */
export interface PostPolicy {
  /** Published: not a draft and approved (an anonymous post waits for approval). */
  published: () => SQL;
  /** Listed in lists and counters: published, in a space the viewer can read. */
  listedFor: (viewer: SqlViewer) => SQL;
  /**
   * Readable by id: what lists show, plus the viewer's own drafts and pending posts. The space
   * must stay readable even for the author: someone who left a private space sees none of it.
   */
  readableBy: (viewer: SqlViewer) => SQL;
}

export function postPolicy(columns: PostPolicyColumns): PostPolicy {
  const published = () =>
    and(columns.isDraft ? eq(columns.isDraft, false) : undefined, eq(columns.isApproved, true))!;
  const listedFor = (viewer: SqlViewer) =>
    and(published(), spaceReadableBy(viewer, columns.spaceId))!;
  const readableBy = (viewer: SqlViewer) =>
    viewer
      ? and(
          spaceReadableBy(viewer, columns.spaceId),
          or(published(), eq(columns.authorId, viewer.id)),
        )!
      : listedFor(viewer);
  return { published, listedFor, readableBy };
}

/** `published` for a post in memory (skills have no drafts). */
export const isPostPublished = (post: { isDraft?: boolean; isApproved: boolean }) =>
  !post.isDraft && post.isApproved;

/** Whether a new post is approved: an anonymous post waits for moderation, a named one does not. */
export const approvedWhenPosted = (isAnonymousPost: boolean) => !isAnonymousPost;

/**
 * Whether an edited post is approved: a named post needs no moderation; turning a post anonymous
 * sends it back to moderation, and an anonymous post stays as approved as it was.
 */
export const approvedAfterEdit = (
  before: { isApproved: boolean; isAnonymousPost: boolean },
  isAnonymousPost: boolean,
) => (isAnonymousPost ? before.isApproved && before.isAnonymousPost : true);
