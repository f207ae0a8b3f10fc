import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';
import {
  activeSpaceId,
  bodyData,
  bodyFields,
  contextOf,
  fieldsOf,
  ok,
  presentPage,
} from '../../rest/shell';
import { restPosition } from '../places/nearness';
import { presentStory } from './story.presenter';
import * as storiesService from './story.service';
import * as storyListsService from './story-lists.service';

/**
 * The spec's story rows. Payload fields other than story, isAnonymousPost, isDraft, files and
 * location are ignored (a `tags` field too: tags always come from the text's hashtags).
 */
export function mountStoryRest(router: Router, paths: PathRouter) {
  paths.register('stories', {
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
    async get(ctx, id) {
      return presentStory(ctx, await storiesService.getStory(ctx, id));
    },
    async create(ctx, body) {
      const data = fieldsOf(body.data);
      return presentStory(
        ctx,
        await storiesService.createStory(ctx, {
          ...data,
          spaceId: body.spaceId,
          problemId: body.problemId ?? data.problemId,
        }),
      );
    },
  });

  router.post('/stories', async (req, res) => {
    const ctx = contextOf(res);
    const data = bodyData(req);
    const story = await storiesService.createStory(ctx, {
      ...data,
      spaceId: activeSpaceId(req),
      // The spec posts a story under a problem as { data, problemId }.
      problemId: bodyFields(req).problemId ?? data.problemId,
    });
    ok(res.status(201), { data: await presentStory(ctx, story) });
  });

  router.patch('/stories/:id', async (req, res) => {
    const ctx = contextOf(res);
    const story = await storiesService.updateStory(ctx, req.params.id, bodyData(req));
    ok(res, { data: await presentStory(ctx, story) });
  });

  router.delete('/stories/:id', async (req, res) => {
    await storiesService.deleteStory(contextOf(res), req.params.id);
    ok(res);
  });
}
