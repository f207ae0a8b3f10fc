import type { ReactableType, ReactionKind } from '@rules';
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
  type ClassType,
} from 'type-graphql';
import type { Context } from '../../context';
import { CommentType } from '../comments/comment.types';
import { Problem } from '../problems/problem.types';
import { Solution } from '../solutions/solution.types';
import { Story } from '../stories/story.types';
import {
  myReactionView,
  presentReactionState,
  presentReactor,
  viewerReaction,
  type ReactedRow,
} from './reaction.presenter';
import * as reactionService from './reaction.service';
import {
  MyReactionPage,
  ReactableItemTypeEnum,
  ReactionCount,
  ReactionKindEnum,
  ReactionState,
  ReactorPage,
} from './reaction.types';
import { AFTER_ARG, FIRST_ARG, connectionOf } from '../../graphql/page';

@Resolver()
export class ReactionResolver {
  @Authorized()
  @Mutation(() => ReactionState, {
    description: "Sets the viewer's reaction on an item; a different one replaces it.",
  })
  async react(
    @Arg('itemType', () => ReactableItemTypeEnum, { description: 'The kind of item.' })
    itemType: ReactableType,
    @Arg('itemId', () => ID, { description: "The item's id; it must be one the viewer can see." })
    itemId: string,
    @Arg('reaction', () => ReactionKindEnum, { description: 'The reaction to give.' })
    reaction: ReactionKind,
    @Ctx() ctx: Context,
  ) {
    return presentReactionState(await reactionService.react(ctx, { itemType, itemId, reaction }));
  }

  @Authorized()
  @Mutation(() => ReactionState, { description: "Takes the viewer's reaction off an item." })
  async unreact(
    @Arg('itemType', () => ReactableItemTypeEnum, { description: 'The kind of item.' })
    itemType: ReactableType,
    @Arg('itemId', () => ID, { description: "The item's id; it must be one the viewer can see." })
    itemId: string,
    @Ctx() ctx: Context,
  ) {
    return presentReactionState(await reactionService.unreact(ctx, { itemType, itemId }));
  }

  @Query(() => ReactorPage, {
    description: 'Who reacted to an item (all, or one kind), newest first.',
  })
  async reactions(
    @Arg('itemType', () => ReactableItemTypeEnum, { description: 'The kind of item.' })
    itemType: ReactableType,
    @Arg('itemId', () => ID, { description: "The item's id; it must be one the viewer can see." })
    itemId: string,
    @Ctx() ctx: Context,
    @Arg('reaction', () => ReactionKindEnum, {
      nullable: true,
      description: 'Only the people who chose this reaction; all kinds when omitted.',
    })
    reaction?: ReactionKind,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    const page = await reactionService.listReactors(ctx, {
      itemType,
      itemId,
      reaction,
      first,
      after,
    });
    return connectionOf(page, presentReactor);
  }

  @Authorized()
  @Query(() => MyReactionPage, {
    description: 'What the viewer reacted to and may still see, latest first (/reactions).',
  })
  async myReactions(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    const page = await reactionService.listMyReactions(ctx, { first, after });
    return connectionOf(page, myReactionView);
  }
}

/** The viewer's reaction and the counts, on one kind of item. */
function reactionFieldsOn(of: ClassType, itemType: ReactableType) {
  @Resolver(() => of)
  class ReactionFields {
    @FieldResolver(() => ReactionKindEnum, {
      nullable: true,
      description: "The viewer's reaction; null when none ('React?') or signed out.",
    })
    reaction(@Root() item: ReactedRow, @Ctx() ctx: Context) {
      return viewerReaction(ctx, itemType, item);
    }

    @FieldResolver(() => Boolean, { description: 'Whether the viewer reacted.' })
    async reacted(@Root() item: ReactedRow, @Ctx() ctx: Context) {
      return (await viewerReaction(ctx, itemType, item)) !== null;
    }

    @FieldResolver(() => [ReactionCount], {
      description: 'Reactions by kind, the kinds in use only, in the picker’s order.',
    })
    reactionCounts(@Root() item: ReactedRow): ReactionCount[] {
      return reactionService.countsInUse(item.reactionCounts);
    }
  }
  return ReactionFields;
}

export const StoryReactionFields = reactionFieldsOn(Story, 'stories');
export const ProblemReactionFields = reactionFieldsOn(Problem, 'problems');
export const SolutionReactionFields = reactionFieldsOn(Solution, 'solutions');
export const CommentReactionFields = reactionFieldsOn(CommentType, 'comments');
