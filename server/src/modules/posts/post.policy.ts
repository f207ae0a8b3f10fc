import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import type { Viewer } from '../../auth/sessions';
import { spaceReadableBy, type SqlViewer } from '../spaces/space.policy';

/** The columns every post table (stories, problems, solutions, skills) shares for its rules. */
export interface PostPolicyColumns {
  spaceId: AnyPgColumn;
  authorId: AnyPgColumn;
  isApproved: AnyPgColumn;
  /** Absent for skills, which have no drafts. */
  isDraft?: AnyPgColumn;
  /** Hidden by a moderator: listed nowhere; read by id by its author only. */
  isHidden: AnyPgColumn;
}

/** Who may see a post kind's rows, as SQL, built once per table from its columns. */
export interface PostPolicy {
  /** Published: not a draft, approved (an anonymous post waits for approval) and not hidden. */
  published: () => SQL;
  /** Listed in lists and counters: published, in a space the viewer can read. */
  listedFor: (viewer: SqlViewer) => SQL;
  /**
   * Readable by id: what lists show, plus the viewer's own drafts and pending posts (and hidden
   * ones, marked), plus `hiddenForModerators`. The space must stay readable even for the author:
   * someone who left a private space sees none of it.
   */
  readableBy: (viewer: SqlViewer) => SQL;
  /**
   * A hidden post outside private spaces, read by id by the site's moderators (they open it from
   * its report); lists never show it to them.
   */
  hiddenForModerators: (viewer: SqlViewer) => SQL;
}

/** Who may edit and delete a post of any kind: its author only. */
export const canEditPost = (viewer: Viewer | null, post: { authorId: string }): boolean =>
  viewer?.id === post.authorId;

/** The viewer is a site moderator or admin (an uncorrelated subquery: once per statement). */
const viewerModerates = (viewer: { id: string | Placeholder }) =>
  sql`exists (select 1 from ${users} where ${users.id} = ${viewer.id} and (${users.isModerator} or ${users.isAdmin}))`;

export function postPolicy(columns: PostPolicyColumns): PostPolicy {
  const published = () =>
    and(
      columns.isDraft ? eq(columns.isDraft, false) : undefined,
      eq(columns.isApproved, true),
      eq(columns.isHidden, false),
    )!;
  const listedFor = (viewer: SqlViewer) =>
    and(published(), spaceReadableBy(viewer, columns.spaceId))!;
  const hiddenForModerators = (viewer: SqlViewer) =>
    viewer
      ? and(
          eq(columns.isHidden, true),
          columns.isDraft ? eq(columns.isDraft, false) : undefined,
          spaceReadableBy(null, columns.spaceId),
          viewerModerates(viewer),
        )!
      : sql`false`;
  const readableBy = (viewer: SqlViewer) =>
    viewer
      ? or(
          and(
            spaceReadableBy(viewer, columns.spaceId),
            or(published(), eq(columns.authorId, viewer.id)),
          ),
          hiddenForModerators(viewer),
        )!
      : listedFor(viewer);
  return { published, listedFor, readableBy, hiddenForModerators };
}

/** `published` for a post in memory (skills have no drafts). */
export const isPostPublished = (post: {
  isDraft?: boolean;
  isApproved: boolean;
  isHidden: boolean;
}) => !post.isDraft && post.isApproved && !post.isHidden;

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

/** A moderator's change to a post's standing: hide or restore it, approve a pending post. */
export interface PostStanding {
  isHidden?: boolean;
  isApproved?: boolean;
}

/**
 * A standing change as a post kind's service made it, in the caller's transaction: the row before
 * and after, and `announce` to call once that transaction commits (live lists hear of a post that
 * became listed, exactly as when its author publishes it).
 */
export interface StandingChange<Row> {
  before: Row;
  after: Row;
  announce: () => void;
}
