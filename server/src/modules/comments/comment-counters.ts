import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { COMMENTABLE_TYPES } from '@rules';
import type { DbOrTx } from '../../db/client';
import { comments, problems, skills, solutions, stories } from '../../db/schema';
import { notFound } from '../../errors';
import type { PostType } from '../posts/post-path';
import { registerAccountRemover } from '../users/account-removers';

/**
 * Comment counters: a post's `total_comments` counts its comments and replies that show (not
 * hidden, and not under a hidden comment); a comment's `total_replies` counts its replies that are
 * not hidden themselves. Every write that adds, hides, restores or deletes a comment locks its
 * post's row first (`lockThread`), so writes on one thread take turns, then calls
 * `syncCommentCounters` with the comment's row as it was and as it is now. The change is computed
 * from those two states alone, so a hide, restore and delete arriving in any order (or at once)
 * move each counter exactly once. `removeCommentsOf` is an account's deletion taking its comments
 * out the same way (here rather than in the service, which the users module must not import).
 */

/** The post tables threads hang off, with each one's comment counter. */
export const POST_COMMENT_COUNTERS = {
  stories: { table: stories, id: stories.id, totalComments: stories.totalComments },
  problems: { table: problems, id: problems.id, totalComments: problems.totalComments },
  solutions: { table: solutions, id: solutions.id, totalComments: solutions.totalComments },
  skills: { table: skills, id: skills.id, totalComments: skills.totalComments },
} as const satisfies Record<PostType, unknown>;

/**
 * Locks posts' rows until the transaction ends, in id order, so two writes never wait on each
 * other crosswise. Answers how many it found (a post deleted meanwhile is not there to lock).
 */
export async function lockThreads(tx: DbOrTx, type: PostType, postIds: readonly string[]) {
  const { table, id } = POST_COMMENT_COUNTERS[type];
  const ids = [...new Set(postIds)];
  if (ids.length === 0) return 0;
  const locked = await tx
    .select({ id })
    .from(table)
    .where(inArray(id, ids))
    .orderBy(asc(id))
    .for('update');
  return locked.length;
}

/** Locks one post's thread; NOT_FOUND when the post was deleted meanwhile. */
export async function lockThread(tx: DbOrTx, post: { type: PostType; id: string }) {
  if ((await lockThreads(tx, post.type, [post.id])) === 0) throw notFound();
}

/** What of a comment's row its counters depend on. */
export type CommentState = Pick<
  typeof comments.$inferSelect,
  'itemType' | 'itemId' | 'parentId' | 'isHidden' | 'totalReplies'
>;

/**
 * Moves the counters a comment is in when it is added (before = null), hidden or restored, or
 * deleted with its replies (after = null). Call it in the write's transaction, after
 * `lockThread` and the write itself, with the row the write read under that lock (or the row a
 * `delete … returning` gave back). A reply's parent is read here: no write on a locked thread can
 * change it meanwhile.
 */
export async function syncCommentCounters(
  tx: DbOrTx,
  before: CommentState | null,
  after: CommentState | null,
) {
  const comment = before ?? after;
  if (!comment) return;
  let underHidden = false;
  if (comment.parentId) {
    const [parent] = await tx
      .select({ isHidden: comments.isHidden })
      .from(comments)
      .where(eq(comments.id, comment.parentId));
    underHidden = parent?.isHidden ?? false;
  }
  // A shown top-level comment brings its shown replies into the post's count with it.
  const inPost = (state: CommentState | null) =>
    !state || state.isHidden || underHidden ? 0 : 1 + (state.parentId ? 0 : state.totalReplies);
  const inParent = (state: CommentState | null) => (state?.parentId && !state.isHidden ? 1 : 0);

  const replyStep = inParent(after) - inParent(before);
  if (comment.parentId && replyStep !== 0)
    await tx
      .update(comments)
      .set({ totalReplies: sql`greatest(${comments.totalReplies} + ${replyStep}, 0)` })
      .where(eq(comments.id, comment.parentId));

  const postStep = inPost(after) - inPost(before);
  if (postStep !== 0) {
    const { table, id, totalComments } = POST_COMMENT_COUNTERS[comment.itemType];
    await tx
      .update(table)
      .set({ totalComments: sql`greatest(${totalComments} + ${postStep}, 0)` })
      .where(eq(id, comment.itemId));
  }
}

/**
 * Deletes every comment and reply `authorId` wrote (an account's deletion, in its transaction),
 * with the replies under them, and takes each out of its counters. The posts are locked first, as
 * every thread write locks them; top-level comments go before replies, so a reply under one of
 * the author's own comments leaves with it and is counted once.
 */
export async function removeCommentsOf(tx: DbOrTx, authorId: string): Promise<void> {
  const threads = await tx
    .selectDistinct({ itemType: comments.itemType, itemId: comments.itemId })
    .from(comments)
    .where(eq(comments.authorId, authorId));
  for (const type of COMMENTABLE_TYPES)
    await lockThreads(
      tx,
      type,
      threads.filter((thread) => thread.itemType === type).map((thread) => thread.itemId),
    );
  const topLevel = await tx
    .delete(comments)
    .where(and(eq(comments.authorId, authorId), isNull(comments.parentId)))
    .returning();
  for (const comment of topLevel) await syncCommentCounters(tx, comment, null);
  const replies = await tx.delete(comments).where(eq(comments.authorId, authorId)).returning();
  for (const comment of replies) await syncCommentCounters(tx, comment, null);
}
registerAccountRemover('comments', removeCommentsOf);
