import type { Router } from 'express';
import type { Context } from '../../context';
import type { PathRouter } from '../../rest/paths';
import { bodyFields, contextOf, ok, presentPage } from '../../rest/shell';
import type { SolutionRow } from '../solutions/solution.policy';
import * as votesService from './vote.service';

/** A vote row's answer: the viewer's vote on the solution (000 §3) and its counters. */
async function presentVoteState(ctx: Context, solution: SolutionRow) {
  const vote = await votesService.myVote(ctx, solution);
  return {
    id: solution.id,
    upvoted: vote?.direction === 'up',
    downvoted: vote?.direction === 'down',
    feedback: vote?.feedback ?? '',
    upvotedWhen: vote?.direction === 'up' ? vote.createdAt.toISOString() : null,
    downvotedWhen: vote?.direction === 'down' ? vote.createdAt.toISOString() : null,
    counters: { totalUpvotes: solution.totalUpvotes, totalDownvotes: solution.totalDownvotes },
  };
}

/** The spec's vote rows (001 §7) and the voters lists `solutions/{id}/{upvotes,downvotes}`. */
export function mountVoteRest(router: Router, paths: PathRouter) {
  for (const direction of ['up', 'down'] as const) {
    router.post(`/votes/${direction}vote`, async (req, res) => {
      const ctx = contextOf(res);
      const body = bodyFields(req);
      const solution = await votesService.castVote(
        ctx,
        { path: body.path },
        direction,
        body.feedback,
      );
      ok(res, { data: await presentVoteState(ctx, solution) });
    });

    paths.registerList(`solutions/:id/${direction}votes`, async (ctx, params, path) => {
      const page = await votesService.listVoters(ctx, {
        solutionId: path.id!,
        direction,
        after: params.lastDocumentID,
        first: params.results,
      });
      return presentPage(page, async (voter) => ({ ...voter, when: voter.when.toISOString() }));
    });
  }

  router.post('/votes/resetVote', async (req, res) => {
    const ctx = contextOf(res);
    const solution = await votesService.resetVote(ctx, { path: bodyFields(req).path });
    ok(res, { data: await presentVoteState(ctx, solution) });
  });
}
