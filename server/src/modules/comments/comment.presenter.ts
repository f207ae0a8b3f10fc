import type { Context } from '../../context';
import { presentReactionFields } from '../reactions/reaction.presenter';
import { authorView, type AuthorView } from '../users/user.service';
import { canEditComment, commentPathOf, type CommentWithAuthor } from './comment.policy';

/** A comment's author: the row a list joined, else the request's loader (never anonymous). */
export const commentAuthor = (
  ctx: Context,
  comment: CommentWithAuthor,
): AuthorView | Promise<AuthorView> =>
  comment.author !== undefined
    ? authorView(comment.author)
    : ctx.loaders.authorById.load(comment.authorId).then(authorView);

/** The REST shape of a comment or reply (000 §3 "Comment or reply"). */
export async function presentComment(ctx: Context, comment: CommentWithAuthor) {
  return {
    id: comment.id,
    commentHTML: comment.commentHtml,
    tags: comment.tags,
    mentions: comment.mentions,
    author: await commentAuthor(ctx, comment),
    path: commentPathOf(comment),
    parentId: comment.parentId,
    isHidden: comment.isHidden,
    counters: { totalReplies: comment.totalReplies, totalReactions: comment.totalReactions },
    ...(await presentReactionFields(ctx, 'comments', comment)),
    canEdit: canEditComment(ctx.viewer, comment),
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
    // `when` is the moment to show relatively ("few seconds ago"); the client words it.
    when: comment.createdAt.toISOString(),
  };
}
