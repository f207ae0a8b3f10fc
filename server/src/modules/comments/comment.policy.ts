import { eq, or, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import { comments } from '../../db/schema';
import type { AuthorRow } from '../users/user.rows';
import { spaceReadableIn, type SpaceAccess, type SqlViewer } from '../spaces/space.policy';
import type { PostType } from '../posts/post-path';

export type CommentRow = typeof comments.$inferSelect;

/** A comment with its author's row when the query joined it (null: a deleted author). */
export type CommentWithAuthor = CommentRow & { author?: AuthorRow | null };

/**
 * A comment a moderator hid shows to its author only (marked hidden); moderators see it through
 * its report. Every list and get of comments filters with this.
 */
export const commentShownTo = (viewer: SqlViewer): SQL =>
  viewer
    ? or(eq(comments.isHidden, false), eq(comments.authorId, viewer.id))!
    : eq(comments.isHidden, false);

/** `commentShownTo` for a comment in memory. */
export const isCommentShownTo = (viewerId: string | null, comment: CommentRow) =>
  !comment.isHidden || comment.authorId === viewerId;

/** Only the author edits and deletes a comment. */
export const canEditComment = (viewer: Viewer | null, comment: CommentRow) =>
  viewer?.id === comment.authorId;

/** The live channel of a post's thread: one per post, replies included. */
export const commentChannelOf = (type: PostType, id: string) => `${type}/${id}`;

/**
 * A thread change as a live event carries it to every subscriber of a process: the change, the
 * comment with its author (null when removed), the counts after it, and the space's privacy so
 * each subscriber's visibility is decided in memory.
 */
export interface LiveCommentChange {
  change: 'added' | 'updated' | 'removed';
  commentId: string;
  parentId: string | null;
  comment: CommentWithAuthor | null;
  totalComments: number | null;
  parentTotalReplies: number | null;
  space: { id: string; isPrivate: boolean };
}

/** Whether a subscriber with `access` still sees the thread this change happened in. */
export const commentChangeShownIn = (access: SpaceAccess, change: LiveCommentChange) =>
  spaceReadableIn(access, change.space) &&
  (change.comment === null || isCommentShownTo(access.viewerId, change.comment));

/**
 * The comment's REST path, as item paths name it (reactions take it): `stories/{id}/comments/{cid}`,
 * or `…/comments/{parentId}/replies/{cid}` for a reply.
 */
export const commentPathOf = (comment: CommentRow) =>
  comment.parentId
    ? `${comment.itemType}/${comment.itemId}/comments/${comment.parentId}/replies/${comment.id}`
    : `${comment.itemType}/${comment.itemId}/comments/${comment.id}`;
