import type { Context } from '../../context';
import { viewerBookmarked } from '../bookmarks/bookmark.presenter';
import { presentReactionFields } from '../reactions/reaction.presenter';
import { postAuthor } from '../users/user.service';
import { presentLocation } from '../posts/post-location';
import { distanceField } from '../places/nearness';
import { canEditStory, type StoryRow } from './story.policy';

/** The REST shape of a story: the entity fields of the spec (000 §3). */
export async function presentStory(ctx: Context, story: StoryRow) {
  return {
    id: story.id,
    story: story.story,
    tags: story.tags,
    spaceId: story.spaceId,
    problemId: story.problemId,
    problemName: story.problemId
      ? await ctx.loaders.storyProblemNameById.load(story.problemId)
      : null,
    author: await postAuthor(ctx, story),
    isAnonymousPost: story.isAnonymousPost,
    isDraft: story.isDraft,
    isApproved: story.isApproved,
    isHidden: story.isHidden,
    files: story.files,
    location: presentLocation(story),
    ...distanceField(story),
    counters: {
      totalReactions: story.totalReactions,
      totalComments: story.totalComments,
    },
    ...(await presentReactionFields(ctx, 'stories', story)),
    bookmarked: await viewerBookmarked(ctx, 'stories', story),
    canEdit: canEditStory(ctx.viewer, story),
    createdAt: story.createdAt.toISOString(),
    // `when` is the moment to show relatively ("5 minutes ago"); the client words it in its language.
    when: story.createdAt.toISOString(),
  };
}
