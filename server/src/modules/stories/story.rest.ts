import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';
import { mountPostRest, restPageOf, restTimeWindowOf } from '../../rest/post-rest';

import { restPosition } from '../places/nearness';
import { presentStory } from './story.presenter';
import * as storiesService from './story.service';
import * as storyListsService from './story-lists.service';

/**
 * The spec's story rows. Payload fields other than story, isAnonymousPost, isDraft, files and
 * location are ignored (a `tags` field too: tags always come from the text's hashtags).
 */
export function mountStoryRest(router: Router, paths: PathRouter) {
  mountPostRest(router, paths, {
    collection: 'stories',
    list: (ctx, params) =>
      storyListsService.listStories(ctx, {
        list: 'recent',
        tags: params.tags?.split(','),
        position: restPosition(params),
        distance: params.distance,
        ...restTimeWindowOf(params),
        ...restPageOf(params),
      }),
    get: storiesService.getStory,
    create: storiesService.createStory,
    update: storiesService.updateStory,
    remove: storiesService.deleteStory,
    present: presentStory,
    createExtras: (data, body) => ({
      // The spec posts a story under a problem as { data, problemId }.
      problemId: body.problemId ?? data.problemId,
    }),
  });
}
