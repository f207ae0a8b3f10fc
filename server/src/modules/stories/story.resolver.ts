import {
  Arg,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Query,
  Resolver,
  Root,
  Subscription,
} from 'type-graphql';
import { TimeRange } from '../../graphql/time-range';
import type { Context } from '../../context';
import { PostWriteResolver } from '../posts/post-writes.resolver';
import { postAuthor } from '../users/user.service';
import { AuthorType } from '../users/user.types';
import { canEditPost } from '../posts/post.policy';
import { presentLocation } from '../posts/post-location';
import { Location, PositionInput } from '../places/location.types';
import { DistanceFilter } from '../places/places.types';
import type { LiveStory, StoryRow } from './story.policy';
import * as storyLive from './story-live.service';
import * as storiesService from './story.service';
import * as storyListsService from './story-lists.service';
import {
  CreateStoryInput,
  Story,
  StoryCounters,
  StoryListKind,
  StoryPage,
  StorySort,
  UpdateStoryInput,
} from './story.types';
import { AFTER_ARG, FIRST_ARG, connectionFrom } from '../../graphql/page';

@Resolver(() => Story)
export class StoryResolver extends PostWriteResolver(
  {
    name: 'Story',
    type: Story,
    createInput: CreateStoryInput,
    updateInput: UpdateStoryInput,
    textField: 'story',
  },
  {
    create: storiesService.createStory,
    update: storiesService.updateStory,
    remove: storiesService.deleteStory,
  },
) {
  @Query(() => StoryPage, {
    description: 'Stories, keyset paginated.',
  })
  stories(
    @Ctx() ctx: Context,
    @Arg('list', () => StoryListKind, {
      defaultValue: StoryListKind.recent,
      description: 'Which stories.',
    })
    list: StoryListKind,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description:
        "The space of the recent and following lists; the viewer's active space when omitted.",
    })
    spaceId?: string,
    @Arg('problemId', () => ID, {
      nullable: true,
      description: "A problem's stories (its Stories tab).",
    })
    problemId?: string,
    @Arg('orderBy', () => StorySort, {
      nullable: true,
      description: 'The order; newest first when omitted.',
    })
    orderBy?: StorySort,
    @Arg('timeRange', () => TimeRange, {
      nullable: true,
      description: 'Only stories posted within this range.',
    })
    timeRange?: TimeRange,
    @Arg('startDate', () => Date, {
      nullable: true,
      description: 'Only stories posted at or after this time.',
    })
    startDate?: Date,
    @Arg('endDate', () => Date, {
      nullable: true,
      description: 'Only stories posted at or before this time.',
    })
    endDate?: Date,
    @Arg('tags', () => [String], {
      nullable: true,
      description: 'Only stories with one of these tags.',
    })
    tags?: string[],
    @Arg('position', () => PositionInput, {
      nullable: true,
      description: "The viewer's position: needed by the location sort and the nearby filter.",
    })
    position?: PositionInput,
    @Arg('distance', () => DistanceFilter, {
      defaultValue: DistanceFilter.all,
      description: 'Whether to keep only the stories near position.',
    })
    distance?: DistanceFilter,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(
      storyListsService.listStories(ctx, {
        list,
        spaceId,
        problemId,
        orderBy,
        timeRange,
        startDate,
        endDate,
        tags,
        position,
        distance,
        after,
        first,
      }),
    );
  }

  @Query(() => Story, {
    description: 'One story; NOT_FOUND when it is missing or the viewer may not read it.',
  })
  story(@Arg('id', () => ID, { description: "The story's id." }) id: string, @Ctx() ctx: Context) {
    return storiesService.getStory(ctx, id);
  }

  @Subscription(() => Story, {
    description:
      "Stories as they appear in a space feed (the active space when omitted) or on a problem's Stories tab.",
    subscribe: ({ args, context }) =>
      storyLive.storiesAddedTo(context as Context, {
        spaceId: args.spaceId as string | undefined,
        problemId: args.problemId as string | undefined,
      }),
  })
  storyAdded(
    @Root() story: StoryRow,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description: "The space whose feed to follow; the viewer's active space when omitted.",
    })
    _spaceId?: string,
    @Arg('problemId', () => ID, {
      nullable: true,
      description: "A problem's Stories tab instead of a space feed (spaceId is then ignored).",
    })
    _problemId?: string,
  ): StoryRow {
    return story;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'Name of the problem it was posted to.',
  })
  async problemName(
    @Root() story: StoryRow | LiveStory,
    @Ctx() ctx: Context,
  ): Promise<string | null> {
    if (!story.problemId) return null;
    // A live story carries its problem, so delivering it to many subscribers costs no query each.
    if ('problem' in story && story.problem) return story.problem.name;
    return ctx.loaders.storyProblemNameById.load(story.problemId);
  }

  @FieldResolver(() => Location, { nullable: true, description: 'Its place; null when none.' })
  location(@Root() story: StoryRow): Location | null {
    return presentLocation(story);
  }

  @FieldResolver(() => StoryCounters, { description: 'Its reaction and comment counts.' })
  counters(@Root() story: StoryRow): StoryCounters {
    return {
      totalReactions: story.totalReactions,
      totalComments: story.totalComments,
    };
  }

  // Declared on each kind rather than once on the Post interface: type-graphql's inherited
  // interface field resolvers cost the feed a fifth of its throughput (docs/performance.md).
  @FieldResolver(() => AuthorType, { description: 'Anonymous for anonymous posts.' })
  author(@Root() post: StoryRow, @Ctx() ctx: Context): AuthorType | Promise<AuthorType> {
    return postAuthor(ctx, post);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer may edit and delete it (the author only).',
  })
  canEdit(@Root() post: StoryRow, @Ctx() ctx: Context): boolean {
    return canEditPost(ctx.viewer, post);
  }
}
