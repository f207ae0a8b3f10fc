import {
  ADD_TAGS_MAX,
  NOTIFICATION_TAGS_MAX,
  PROFILE_TAGS_MAX,
  TAG_FOLLOW_MAX,
  TAG_TEXT_MAX,
} from '@rules';
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

const TAG = "The tag, with or without '#', in any case ('#Water' is 'water').";
const LIST_SPACE = "The space to list; the viewer's active space when omitted.";
const COUNTERS_SPACE = "The space whose counts to show; the viewer's active space when omitted.";
const TAG_LIST = "With or without '#', in any case; duplicates are dropped.";

@Resolver(() => Tag)
export class TagResolver {
  @Query(() => Tag, {
    description: "A tag ('#Water' names 'water'), with the active space's counters.",
  })
  tag(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: TAG }) id: string,
    @Arg('spaceId', () => ID, { nullable: true, description: COUNTERS_SPACE }) spaceId?: string,
  ) {
    return tagService.getTag(ctx, id, spaceId);
  }

  @Query(() => TagPage, {
    description: 'Tags used in the active space, keyset paginated.',
  })
  tags(
    @Ctx() ctx: Context,
    @Arg('orderBy', () => TagSort, {
      defaultValue: TagSort.followers,
      description: 'The order: most followers, problems or stories first, or newest first use.',
    })
    orderBy: TagSort,
    @Arg('spaceId', () => ID, { nullable: true, description: LIST_SPACE }) spaceId?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(tagService.listTags(ctx, { orderBy, spaceId, after, first }));
  }

  @Authorized()
  @Query(() => [Tag], { description: `Tags the viewer follows (at most ${TAG_FOLLOW_MAX}).` })
  followedTags(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { nullable: true, description: COUNTERS_SPACE }) spaceId?: string,
  ) {
    return tagFollowsService.followedTags(ctx, spaceId);
  }

  @Query(() => StoryPage, {
    description: 'Public stories of the active space carrying the tag, newest first.',
  })
  tagStories(
    @Ctx() ctx: Context,
    @Arg('tag', () => ID, { description: TAG }) tag: string,
    @Arg('spaceId', () => ID, { nullable: true, description: LIST_SPACE }) spaceId?: string,
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
    @Arg('tag', () => ID, { description: TAG }) tag: string,
    @Arg('spaceId', () => ID, { nullable: true, description: LIST_SPACE }) spaceId?: string,
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
    @Arg('tag', () => ID, { description: TAG }) tag: string,
    @Arg('spaceId', () => ID, { nullable: true, description: LIST_SPACE }) spaceId?: string,
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
    description: 'People whose profile tags contain the tag, newest accounts first.',
  })
  tagProfiles(
    @Ctx() ctx: Context,
    @Arg('tag', () => ID, { description: TAG }) tag: string,
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
    @Arg('spaceId', () => ID, { nullable: true, description: LIST_SPACE }) spaceId?: string,
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
    @Arg('searchParam', () => String, {
      description: `The text typed so far (a leading # or @ is ignored), at most ${TAG_TEXT_MAX} characters; matched as a prefix.`,
    })
    searchParam: string,
    @Arg('collection', () => AutocompleteCollection, {
      description: 'What to suggest: tags (after #) or participants (after @).',
    })
    collection: AutocompleteCollection,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description:
        "The space whose tags and participants to suggest; the viewer's active space when omitted.",
    })
    spaceId?: string,
  ) {
    return autocompleteService.autocomplete(ctx, {
      searchParam,
      collection,
      spaceId,
    });
  }

  @Authorized()
  @Mutation(() => Tag, {
    description: `Follows one more tag (at most ${TAG_FOLLOW_MAX}); following it again changes nothing.`,
  })
  followTag(
    @Ctx() ctx: Context,
    @Arg('tag', () => ID, { description: TAG }) tag: string,
    @Arg('spaceId', () => ID, { nullable: true, description: COUNTERS_SPACE }) spaceId?: string,
  ) {
    return tagFollowsService.followTag(ctx, tag, spaceId);
  }

  @Authorized()
  @Mutation(() => Tag, {
    description: 'Stops following a tag; a tag not followed stays so. Returns the tag.',
  })
  unfollowTag(
    @Ctx() ctx: Context,
    @Arg('tag', () => ID, { description: TAG }) tag: string,
    @Arg('spaceId', () => ID, { nullable: true, description: COUNTERS_SPACE }) spaceId?: string,
  ) {
    return tagFollowsService.unfollowTag(ctx, tag, spaceId);
  }

  @Authorized()
  @Mutation(() => [String], {
    description: `Replaces the followed tags (at most ${TAG_FOLLOW_MAX}); returns them normalised.`,
  })
  followTags(
    @Ctx() ctx: Context,
    @Arg('tags', () => [String], {
      description: `Every tag to follow, at most ${TAG_FOLLOW_MAX}. ${TAG_LIST}`,
    })
    tags: string[],
  ) {
    return tagFollowsService.followTags(ctx, tags);
  }

  @Authorized()
  @Mutation(() => [String], {
    description: `Replaces the viewer's profile tags (at most ${PROFILE_TAGS_MAX}); returns them normalised.`,
  })
  setProfileTags(
    @Ctx() ctx: Context,
    @Arg('tags', () => [String], {
      description: `Every profile tag, at most ${PROFILE_TAGS_MAX}. ${TAG_LIST}`,
    })
    tags: string[],
  ) {
    return profileTagsService.setProfileTags(ctx, tags);
  }

  @Authorized()
  @Mutation(() => [String], {
    description: `Replaces the viewer's problem alerts (at most ${NOTIFICATION_TAGS_MAX}); returns them normalised.`,
  })
  setNotificationTags(
    @Ctx() ctx: Context,
    @Arg('tags', () => [String], {
      description: `Every alert tag, at most ${NOTIFICATION_TAGS_MAX}. ${TAG_LIST}`,
    })
    tags: string[],
  ) {
    return alertTagsService.setNotificationTags(ctx, tags);
  }

  @Authorized()
  @Mutation(() => [String], {
    description: 'Registers tags (the add-tags dialog); returns them normalised.',
  })
  addTags(
    @Ctx() ctx: Context,
    @Arg('tags', () => [String], {
      description: `Tags to register, 1 to ${ADD_TAGS_MAX} per call. ${TAG_LIST}`,
    })
    tags: string[],
  ) {
    return tagService.addTags(ctx, tags);
  }
}
