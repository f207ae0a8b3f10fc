import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../context';
import { AuthorType } from '../users/user.types';
import type { StoryRow } from './story.policy';
import { canEditStory } from './story.policy';
import { storyAuthor } from './story.presenter';
import * as storiesService from './story.service';
import { CreateStoryInput, Story, StoryCounters, StoryListKind, StoryPage, UpdateStoryInput } from './story.types';

@Resolver(() => Story)
export class StoryResolver {
  @Query(() => StoryPage, { description: 'Stories newest first, keyset paginated (pass `last` as `after`).' })
  stories(
    @Ctx() ctx: Context,
    @Arg('list', () => StoryListKind, { defaultValue: StoryListKind.recent }) list: StoryListKind,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
  ) {
    return storiesService.listStories(ctx, { list, spaceId, after, first });
  }

  @Query(() => Story)
  story(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return storiesService.getStory(ctx, id);
  }

  @Authorized()
  @Mutation(() => Story)
  createStory(@Arg('input', () => CreateStoryInput) input: CreateStoryInput, @Ctx() ctx: Context) {
    return storiesService.createStory(ctx, input);
  }

  @Authorized()
  @Mutation(() => Story)
  updateStory(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateStoryInput) input: UpdateStoryInput,
    @Ctx() ctx: Context,
  ) {
    return storiesService.updateStory(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Boolean)
  async deleteStory(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await storiesService.deleteStory(ctx, id);
    return true;
  }

  @Subscription(() => Story, {
    description: 'Stories as they appear in a space feed (the active space when omitted).',
    subscribe: ({ args, context }) => storiesService.storiesAddedTo(context as Context, args.spaceId as string | undefined),
  })
  storyAdded(@Root() story: StoryRow, @Arg('spaceId', () => ID, { nullable: true }) _spaceId?: string): StoryRow {
    return story;
  }

  @FieldResolver(() => AuthorType)
  author(@Root() story: StoryRow, @Ctx() ctx: Context): Promise<AuthorType> {
    return storyAuthor(ctx, story);
  }

  @FieldResolver(() => StoryCounters)
  counters(@Root() story: StoryRow): StoryCounters {
    return { totalReactions: story.totalReactions, totalComments: story.totalComments };
  }

  @FieldResolver(() => Boolean, { description: 'Whether the viewer may edit and delete it (the author only).' })
  canEdit(@Root() story: StoryRow, @Ctx() ctx: Context): boolean {
    return canEditStory(ctx.viewer, story);
  }
}
