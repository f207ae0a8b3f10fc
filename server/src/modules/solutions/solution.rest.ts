import type { Router } from 'express';
import type { Context } from '../../context';
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
import { presentSolution } from './solution.presenter';
import * as solutionsService from './solution.service';
import * as solutionLinksService from './solution-links.service';
import * as solutionListsService from './solution-lists.service';

/**
 * The spec's solution rows. A solution under a problem is posted as `{ data: {...}, problemId }`;
 * `problems/{id}/solutions/{id}` is served by the problems collection through getProblemSolution.
 * Payload fields other than name, description, isAnonymousPost and isDraft are ignored.
 */
export function mountSolutionRest(router: Router, paths: PathRouter) {
  paths.register('solutions', {
    async list(ctx, params) {
      const page = await solutionListsService.listSolutions(ctx, {
        list: 'recent',
        spaceId: params.spaceId,
        orderBy: params.orderBy,
        timeRange: params.timeRange,
        startDate: params.startDate,
        endDate: params.endDate,
        after: params.lastDocumentID,
        first: params.results,
      });
      return presentPage(page, (item) => presentSolution(ctx, item));
    },
    async get(ctx, id) {
      return presentSolution(ctx, await solutionsService.getSolution(ctx, id));
    },
    async create(ctx, body) {
      const data = fieldsOf(body.data);
      const solution = await solutionsService.createSolution(ctx, {
        ...data,
        spaceId: body.spaceId,
        problemId: body.problemId,
      });
      return presentSolution(ctx, solution);
    },
  });

  router.post('/solutions', async (req, res) => {
    const ctx = contextOf(res);
    const solution = await solutionsService.createSolution(ctx, {
      ...bodyData(req),
      spaceId: activeSpaceId(req),
      problemId: bodyFields(req).problemId,
    });
    ok(res.status(201), { data: await presentSolution(ctx, solution) });
  });

  router.patch('/solutions/:id', async (req, res) => {
    const ctx = contextOf(res);
    const solution = await solutionsService.updateSolution(ctx, req.params.id, bodyData(req));
    ok(res, { data: await presentSolution(ctx, solution) });
  });

  router.delete('/solutions/:id', async (req, res) => {
    await solutionsService.deleteSolution(contextOf(res), req.params.id);
    ok(res);
  });

  router.post('/solutions/:id/linkSolutions', async (req, res) => {
    await solutionLinksService.linkSolution(
      contextOf(res),
      req.params.id,
      bodyFields(req).problemIds,
    );
    ok(res);
  });

  router.get('/solutions/:problemId/upvotedSolutions', async (req, res) => {
    const ctx = contextOf(res);
    const items = await solutionListsService.upvotedSolutions(ctx, req.params.problemId);
    ok(res, {
      items: await Promise.all(items.map((item) => presentSolution(ctx, item))),
    });
  });
}

/**
 * `/get/v2?path=problems/{problemId}/solutions/{id}`: the problems collection owns the path and
 * hands this nested row here.
 */
export async function problemSolutionForRest(ctx: Context, problemId: string, id: string) {
  return presentSolution(ctx, await solutionLinksService.getProblemSolution(ctx, problemId, id));
}
