import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';
import { mountPostRest } from '../../rest/post-rest';
import { presentPage } from '../../rest/shell';
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
    async list(ctx, params) {
      const page = await storyListsService.listStories(ctx, {
        list: 'recent',
        spaceId: params.spaceId,
        orderBy: params.orderBy,
        tags: params.tags?.split(','),
        timeRange: params.timeRange,
        startDate: params.startDate,
        endDate: params.endDate,
        position: restPosition(params),
        distance: params.distance,
        after: params.lastDocumentID,
        first: params.results,
      });
      return presentPage(page, (story) => presentStory(ctx, story));
    },
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
