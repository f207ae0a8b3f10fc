import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';
import { mountPostRest, restPageOf, restTimeWindowOf } from '../../rest/post-rest';
import {
  activeSpaceId,
  bodyData,
  bodyFields,
  contextOf,
  ok,
  presentPage,
  queryParam,
} from '../../rest/shell';
import { restPosition } from '../places/nearness';
import { presentPart, presentProblem } from './problem.presenter';
import * as problemsService from './problem.service';
import * as problemMembersService from './problem-members.service';
import * as problemListsService from './problem-lists.service';
import * as problemPartsService from './problem-parts.service';
import { problemSolutionForRest } from '../solutions/solution.rest';

/**
 * The spec's problem rows (001 §7). Payloads use the entity field names of 000 §3; fields other
 * than name, description, isAnonymousPost and isDraft are ignored (tags come from hashtags).
 */
export function mountProblemRest(router: Router, paths: PathRouter) {
  mountPostRest(router, paths, {
    collection: 'problems',
    list: (ctx, params) =>
      problemListsService.listProblems(ctx, {
        list: 'recent',
        position: restPosition(params),
        distance: params.distance,
        ...restTimeWindowOf(params),
        ...restPageOf(params),
      }),
    get: problemsService.getProblem,
    create: problemsService.createProblem,
    update: problemsService.updateProblem,
    remove: problemsService.deleteProblem,
    present: presentProblem,
  });

  paths.registerList('problems/:id/parts', async (ctx, _params, { id }) => {
    const parts = await problemPartsService.listParts(ctx, id!);
    return { items: parts.map(presentPart), last: null };
  });
  paths.registerGet('problems/:id/parts/:partId', async (ctx, { id, partId }) =>
    presentPart(await problemPartsService.getPart(ctx, id!, partId!)),
  );
  paths.registerGet('problems/:id/solutions/:solutionId', (ctx, { id, solutionId }) =>
    problemSolutionForRest(ctx, id!, solutionId!),
  );

  router.get('/problems/joinedProblems', async (_req, res) => {
    ok(res, { items: await problemMembersService.joinedProblems(contextOf(res)) });
  });

  router.post('/problems/update/joinedProblems', async (req, res) => {
    await problemMembersService.updateJoinedProblems(contextOf(res), bodyFields(req).problemIds);
    ok(res);
  });

  /** The problems of a space (the active one without `spaceId`), newest first. */
  router.get('/problems', async (req, res) => {
    const ctx = contextOf(res);
    const page = await problemListsService.listProblems(ctx, {
      list: 'recent',
      orderBy: queryParam(req, 'orderBy'),
      spaceId: activeSpaceId(req),
      after: queryParam(req, 'lastDocumentID'),
    });
    ok(res, await presentPage(page, (problem) => presentProblem(ctx, problem)));
  });

  router.post('/problems/:id/join', async (req, res) => {
    await problemMembersService.joinProblem(contextOf(res), req.params.id);
    ok(res);
  });

  /** Body: { emoji, leavingComment, solutions: [{ id, name }] } (also accepted inside `data`). */
  router.post('/problems/:id/leave', async (req, res) => {
    const data = bodyData(req);
    const input = Object.keys(data).length ? data : bodyFields(req);
    await problemMembersService.leaveProblem(contextOf(res), req.params.id, {
      emoji: input.emoji,
      leavingComment: input.leavingComment,
      solutions: input.solutions,
    });
    ok(res);
  });

  router.post('/problems/:id/parts', async (req, res) => {
    const part = await problemPartsService.addPart(contextOf(res), req.params.id, bodyData(req));
    ok(res.status(201), { data: presentPart(part) });
  });
}
