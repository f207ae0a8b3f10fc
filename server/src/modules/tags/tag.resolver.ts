import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import { StoryPage } from '../stories/story.types';
import * as storyListsService from '../stories/story-lists.service';
import * as autocompleteService from './autocomplete.service';
import * as tagService from './tag.service';
import * as tagFollowsService from './tag-follows.service';
import * as profileTagsService from './profile-tags.service';
import * as alertTagsService from './alert-tags.service';
import {
  AutocompleteCollection,
  AutocompleteItem,
  Tag,
  TagPage,
  TagProfilePage,
  TagSort,
  TaggedPostPage,
} from './tag.types';
import { AFTER_ARG, FIRST_ARG, connectionFrom } from '../../graphql/page';

@Resolver(() => Tag)
export class TagResolver {
  @Query(() => Tag, {
    description: "A tag ('#Water' names 'water'), with the active space's counters.",
  })
  tag(
    @Ctx() ctx: Context,
    @Arg('id', () => ID) id: string,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
  ) {
    return tagService.getTag(ctx, id, spaceId);
  }

  @Query(() => TagPage, {
    description: 'Tags used in the active space, keyset paginated.',
  })
  tags(
    @Ctx() ctx: Context,
    @Arg('orderBy', () => TagSort, { defaultValue: TagSort.followers })
    orderBy: TagSort,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(tagService.listTags(ctx, { orderBy, spaceId, after, first }));
  }

  @Authorized()
  @Query(() => [Tag], { description: 'Tags the viewer follows (at most 10).' })
  followedTags(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
  ) {
    return tagFollowsService.followedTags(ctx, spaceId);
  }

  @Query(() => StoryPage, {
    description: 'Public stories of the active space carrying the tag, newest first.',
  })
  tagStories(
    @Ctx() ctx: Context,
    @Arg('tag', () => ID) tag: string,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(
      storyListsService.listStories(ctx, {
        list: 'recent',
        spaceId,
        tags: [tag],
        after,
        first,
      }),
    );
  }

  @Query(() => TaggedPostPage, {
    description: 'Problems of the active space carrying the tag, newest first.',
  })
  tagProblems(
    @Ctx() ctx: Context,
    @Arg('tag', () => ID) tag: string,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(tagService.tagPosts(ctx, 'problems', tag, { spaceId, after, first }));
  }

  @Query(() => TaggedPostPage, {
    description: 'Solutions of the active space carrying the tag, newest first.',
  })
  tagSolutions(
    @Ctx() ctx: Context,
    @Arg('tag', () => ID) tag: string,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(
      tagService.tagPosts(ctx, 'solutions', tag, {
        spaceId,
        after,
        first,
      }),
    );
  }

  @Query(() => TagProfilePage, {
    description: 'People whose profile tags contain the tag.',
  })
  tagProfiles(
    @Ctx() ctx: Context,
    @Arg('tag', () => ID) tag: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(profileTagsService.tagProfiles(ctx, tag, { after, first }));
  }

  @Authorized()
  @Query(() => [String], { description: "The viewer's profile tags." })
  myProfileTags(@Ctx() ctx: Context) {
    return profileTagsService.myProfileTags(ctx);
  }

  @Authorized()
  @Query(() => [String], {
    description: "The viewer's problem alerts (notification tags).",
  })
  notificationTags(@Ctx() ctx: Context) {
    return alertTagsService.myNotificationTags(ctx);
  }

  @Authorized()
  @Query(() => TaggedPostPage, {
    description: "Problems of the active space matching the viewer's problem alerts.",
  })
  alertProblems(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(alertTagsService.alertProblems(ctx, { spaceId, after, first }));
  }

  @Query(() => [AutocompleteItem], {
    description:
      'Suggestions for # (tags of the active space) and @ (participants); at most 10, none for empty text.',
  })
  autocomplete(
    @Ctx() ctx: Context,
    @Arg('searchParam', () => String) searchParam: string,
    @Arg('collection', () => AutocompleteCollection)
    collection: AutocompleteCollection,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
  ) {
    return autocompleteService.autocomplete(ctx, {
      searchParam,
      collection,
      spaceId,
    });
  }

  @Authorized()
  @Mutation(() => Tag, { description: 'Follow one more tag (at most 10).' })
  followTag(
    @Ctx() ctx: Context,
    @Arg('tag', () => ID) tag: string,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
  ) {
    return tagFollowsService.followTag(ctx, tag, spaceId);
  }

  @Authorized()
  @Mutation(() => Tag)
  unfollowTag(
    @Ctx() ctx: Context,
    @Arg('tag', () => ID) tag: string,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
  ) {
    return tagFollowsService.unfollowTag(ctx, tag, spaceId);
  }

  @Authorized()
  @Mutation(() => [String], {
    description: 'Replace the followed tags (at most 10); returns them normalised.',
  })
  followTags(@Ctx() ctx: Context, @Arg('tags', () => [String]) tags: string[]) {
    return tagFollowsService.followTags(ctx, tags);
  }

  @Authorized()
  @Mutation(() => [String], {
    description: "Replace the viewer's profile tags (at most 10, no '#', de-duplicated).",
  })
  setProfileTags(@Ctx() ctx: Context, @Arg('tags', () => [String]) tags: string[]) {
    return profileTagsService.setProfileTags(ctx, tags);
  }

  @Authorized()
  @Mutation(() => [String], {
    description: "Replace the viewer's problem alerts (at most 10).",
  })
  setNotificationTags(@Ctx() ctx: Context, @Arg('tags', () => [String]) tags: string[]) {
    return alertTagsService.setNotificationTags(ctx, tags);
  }

  @Authorized()
  @Mutation(() => [String], {
    description: 'Register tags (the add-tags dialog).',
  })
  addTags(@Ctx() ctx: Context, @Arg('tags', () => [String]) tags: string[]) {
    return tagService.addTags(ctx, tags);
  }
}
