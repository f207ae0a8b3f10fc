import type { Router } from 'express';
import type { Context } from '../../context';
import type { PathRouter } from '../../rest/paths';
import { mountPostRest, restPageOf, restTimeWindowOf } from '../../rest/post-rest';
import { bodyFields, contextOf, ok } from '../../rest/shell';
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
  mountPostRest(router, paths, {
    collection: 'solutions',
    list: (ctx, params) =>
      solutionListsService.listSolutions(ctx, {
        list: 'recent',
        ...restTimeWindowOf(params),
        ...restPageOf(params),
      }),
    get: solutionsService.getSolution,
    create: solutionsService.createSolution,
    update: solutionsService.updateSolution,
    remove: solutionsService.deleteSolution,
    present: presentSolution,
    createExtras: (_data, body) => ({ problemId: body.problemId }),
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
