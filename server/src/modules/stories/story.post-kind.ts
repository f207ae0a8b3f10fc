import { RATE_LIMITS } from '@rules';
import { stories } from '../../db/schema';
import type { PostKind } from '../posts/post-kind';
import { canEditStory, isStoryPublished, storyReadableBy } from './story.policy';

/** Stories as the post engine writes them (see PostKind); their text and problem are their own. */
export const storyKind: PostKind<typeof stories> = {
  type: 'stories',
  table: stories,
  readableBy: storyReadableBy,
  canEdit: canEditStory,
  // As story edits always have; the titled kinds let rows that reference them be added meanwhile.
  editLock: 'update',
  // Stories posted to a problem are not public, so they count in no tag counter of the space.
  countsInTags: (story) => isStoryPublished(story) && !story.problemId,
  createLimit: { bucket: 'story-create', limit: RATE_LIMITS.storyCreate },
};
