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

@Resolver(() => CommentType)
export class CommentResolver {
  @Query(() => CommentPage, {
    description: "A post's comments (not replies), keyset paginated.",
  })
  comments(
    @Ctx() ctx: Context,
    @Arg('itemType', () => CommentableType) itemType: CommentableType,
    @Arg('itemId', () => ID) itemId: string,
    @Arg('orderBy', () => CommentSort, { defaultValue: CommentSort.recent }) orderBy: CommentSort,
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
    @Arg('commentId', () => ID) commentId: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    return connectionFrom(commentsService.listReplies(ctx, { commentId, first, after }));
  }

  @Authorized()
  @Mutation(() => CommentType, { description: 'Comment on a post, or reply (parentId).' })
  addComment(@Arg('input', () => AddCommentInput) input: AddCommentInput, @Ctx() ctx: Context) {
    return commentsService.addComment(ctx, input);
  }

  @Authorized()
  @Mutation(() => CommentType)
  updateComment(
    @Arg('id', () => ID) id: string,
    @Arg('commentHTML', () => String) commentHTML: string,
    @Ctx() ctx: Context,
  ) {
    return commentsService.updateComment(ctx, id, { commentHTML });
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Deletes a comment with its replies, or one reply.' })
  async deleteComment(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
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
    @Arg('itemType', () => CommentableType) _itemType: CommentableType,
    @Arg('itemId', () => ID) _itemId: string,
  ): LiveCommentChange {
    return change;
  }

  @FieldResolver(() => AuthorType)
  author(
    @Root() comment: CommentWithAuthor,
    @Ctx() ctx: Context,
  ): AuthorType | Promise<AuthorType> {
    return commentAuthor(ctx, comment);
  }

  @FieldResolver(() => CommentCounters)
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
