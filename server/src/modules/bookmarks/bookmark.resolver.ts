import type { BookmarkableType } from '@rules';
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
import { ProgressMap } from '../maps/map.types';
import { Problem } from '../problems/problem.types';
import { Skill } from '../skills/skill.types';
import { Solution } from '../solutions/solution.types';
import { Story } from '../stories/story.types';
import { myBookmarkView, viewerBookmarked } from './bookmark.presenter';
import * as bookmarkService from './bookmark.service';
import { BookmarkableItemTypeEnum, MyBookmarkPage } from './bookmark.types';
import { AFTER_ARG, FIRST_ARG, connectionOf } from '../../graphql/page';

@Resolver()
export class BookmarkResolver {
  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Bookmarks an item (again changes nothing); answers the new state, true.',
  })
  async bookmark(
    @Arg('itemType', () => BookmarkableItemTypeEnum, { description: 'The kind of item.' })
    itemType: BookmarkableType,
    @Arg('itemId', () => ID, { description: "The item's id; it must be one the viewer can see." })
    itemId: string,
    @Ctx() ctx: Context,
  ) {
    await bookmarkService.bookmark(ctx, { itemType, itemId });
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: "Removes the viewer's bookmark of an item; answers the new state, false.",
  })
  async unbookmark(
    @Arg('itemType', () => BookmarkableItemTypeEnum, { description: 'The kind of item.' })
    itemType: BookmarkableType,
    @Arg('itemId', () => ID, { description: "The item's id; it must be one the viewer can see." })
    itemId: string,
    @Ctx() ctx: Context,
  ) {
    await bookmarkService.unbookmark(ctx, { itemType, itemId });
    return false;
  }

  @Authorized()
  @Query(() => MyBookmarkPage, {
    description: 'The viewer’s bookmarks they may still see, newest first (/bookmarks).',
  })
  async myBookmarks(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    const page = await bookmarkService.listMyBookmarks(ctx, { first, after });
    return connectionOf(page, myBookmarkView);
  }
}

/** Whether the viewer bookmarked it, on one kind of item. */
function bookmarkedFieldOn(of: ClassType, itemType: BookmarkableType) {
  @Resolver(() => of)
  class BookmarkedField {
    @FieldResolver(() => Boolean, { description: 'Whether the viewer bookmarked it.' })
    bookmarked(@Root() item: { id: string }, @Ctx() ctx: Context) {
      return viewerBookmarked(ctx, itemType, item);
    }
  }
  return BookmarkedField;
}

export const StoryBookmarkedField = bookmarkedFieldOn(Story, 'stories');
export const ProblemBookmarkedField = bookmarkedFieldOn(Problem, 'problems');
export const SolutionBookmarkedField = bookmarkedFieldOn(Solution, 'solutions');
export const SkillBookmarkedField = bookmarkedFieldOn(Skill, 'skills');
export const ProgressMapBookmarkedField = bookmarkedFieldOn(ProgressMap, 'views');
