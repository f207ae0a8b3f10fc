import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
  Subscription,
} from 'type-graphql';
import { COMMENT_MENTIONS_MAX, COMMENT_TEXT_MAX } from '@rules';
import type { Context } from '../../context';
import { AuthorType } from '../users/user.types';
import { commentChangesOn } from './comment-live.service';
import { commentAuthor } from './comment.presenter';
import {
  canEditComment,
  commentPathOf,
  type CommentWithAuthor,
  type LiveCommentChange,
} from './comment.policy';
import * as commentsService from './comment.service';
import {
  AddCommentInput,
  CommentableType,
  CommentChange,
  CommentCounters,
  CommentPage,
  CommentSort,
  CommentType,
} from './comment.types';
import { AFTER_ARG, FIRST_ARG, connectionFrom } from '../../graphql/page';

const POST_TYPE = 'The kind of post the thread is on.';
const POST_ID = "The post's id.";
const COMMENT_ID = "The comment's or reply's id.";

@Resolver(() => CommentType)
export class CommentResolver {
  @Query(() => CommentPage, {
    description: "A post's comments (not replies), keyset paginated.",
  })
  comments(
    @Ctx() ctx: Context,
    @Arg('itemType', () => CommentableType, { description: POST_TYPE }) itemType: CommentableType,
    @Arg('itemId', () => ID, { description: POST_ID }) itemId: string,
    @Arg('orderBy', () => CommentSort, {
      defaultValue: CommentSort.recent,
      description: 'The order: recent (newest first) or top (most reactions and replies first).',
    })
    orderBy: CommentSort,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    return connectionFrom(
      commentsService.listComments(ctx, { itemType, itemId, orderBy, first, after }),
    );
  }

  @Query(() => CommentPage, { description: "A comment's replies, oldest first." })
  replies(
    @Ctx() ctx: Context,
    @Arg('commentId', () => ID, { description: 'The id of the comment whose replies to list.' })
    commentId: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    return connectionFrom(commentsService.listReplies(ctx, { commentId, first, after }));
  }

  @Authorized()
  @Mutation(() => CommentType, {
    description: 'Comments on a post the viewer may read, or replies under a comment (parentId).',
  })
  addComment(
    @Arg('input', () => AddCommentInput, { description: 'The comment or reply.' })
    input: AddCommentInput,
    @Ctx() ctx: Context,
  ) {
    return commentsService.addComment(ctx, input);
  }

  @Authorized()
  @Mutation(() => CommentType, {
    description:
      'Replaces the text of a comment or reply (its author only); tags and mentions follow.',
  })
  updateComment(
    @Arg('id', () => ID, { description: COMMENT_ID }) id: string,
    @Arg('commentHTML', () => String, {
      description: `The new rich text (HTML, sanitised on the server): not blank, at most ${COMMENT_TEXT_MAX} characters of text and ${COMMENT_MENTIONS_MAX} @mentions.`,
    })
    commentHTML: string,
    @Ctx() ctx: Context,
  ) {
    return commentsService.updateComment(ctx, id, { commentHTML });
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      'Deletes a comment with its replies, or one reply (its author only); true once done.',
  })
  async deleteComment(
    @Arg('id', () => ID, { description: COMMENT_ID }) id: string,
    @Ctx() ctx: Context,
  ) {
    await commentsService.deleteComment(ctx, id);
    return true;
  }

  @Subscription(() => CommentChange, {
    description: "Comments and replies added, edited or removed on a post's thread.",
    subscribe: ({ args, context }) =>
      commentChangesOn(context as Context, args.itemType as CommentableType, args.itemId as string),
  })
  commentChanged(
    @Root() change: LiveCommentChange,
    @Arg('itemType', () => CommentableType, { description: POST_TYPE }) _itemType: CommentableType,
    @Arg('itemId', () => ID, { description: POST_ID }) _itemId: string,
  ): LiveCommentChange {
    return change;
  }

  @FieldResolver(() => AuthorType, { description: 'Who wrote it; comments are never anonymous.' })
  author(
    @Root() comment: CommentWithAuthor,
    @Ctx() ctx: Context,
  ): AuthorType | Promise<AuthorType> {
    return commentAuthor(ctx, comment);
  }

  @FieldResolver(() => CommentCounters, { description: 'Its counts.' })
  counters(@Root() comment: CommentWithAuthor): CommentCounters {
    return { totalReplies: comment.totalReplies, totalReactions: comment.totalReactions };
  }

  @FieldResolver(() => String, {
    description:
      'The REST path naming it: `stories/{id}/comments/{cid}`, or `…/comments/{parentId}/replies/{cid}`.',
  })
  path(@Root() comment: CommentWithAuthor): string {
    return commentPathOf(comment);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer may edit and delete it (the author only).',
  })
  canEdit(@Root() comment: CommentWithAuthor, @Ctx() ctx: Context): boolean {
    return canEditComment(ctx.viewer, comment);
  }
}
