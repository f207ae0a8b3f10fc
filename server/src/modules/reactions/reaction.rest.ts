import type { Router } from 'express';
import { bodyFields, contextOf, ok, queryParam, resultsParam } from '../../rest/shell';
import type { Context } from '../../context';
import { commentPathOf } from '../comments/comment.policy';
import { presentComment } from '../comments/comment.presenter';
import { presentProblem } from '../problems/problem.presenter';
import { presentSolution } from '../solutions/solution.presenter';
import { presentStory } from '../stories/story.presenter';
import { presentReactionState } from './reaction.presenter';
import * as reactionService from './reaction.service';

/**
 * The spec's reaction rows (001 §7). Bodies name the item by `path`; `previousReaction` is
 * accepted and ignored: the server knows the viewer's reaction, and a stale one from a second tab
 * must not skew the counts.
 */
export function mountReactionRest(router: Router) {
  router.post('/reactions/react', async (req, res) => {
    const body = bodyFields(req);
    const state = await reactionService.react(contextOf(res), {
      path: body.path,
      reaction: body.reaction,
    });
    ok(res, { data: presentReactionState(state) });
  });

  router.post('/reactions/unreact', async (req, res) => {
    const state = await reactionService.unreact(contextOf(res), { path: bodyFields(req).path });
    ok(res, { data: presentReactionState(state) });
  });

  router.get('/reactions', async (req, res) => {
    const ctx = contextOf(res);
    const page = await reactionService.listMyReactions(ctx, {
      first: resultsParam(req),
      after: queryParam(req, 'lastDocumentID'),
    });
    const items = await Promise.all(page.items.map((row) => presentMyReaction(ctx, row)));
    ok(res, { items, last: page.last });
  });
}

/** A /reactions entry: the item as its own rows present it, its path and my reaction. */
async function presentMyReaction(ctx: Context, row: reactionService.MyReactionRow) {
  const entry = { itemType: row.itemType, itemId: row.itemId, reaction: row.reaction };
  const when = row.reactedAt.toISOString();
  switch (row.itemType) {
    case 'stories':
      return {
        ...entry,
        path: `stories/${row.itemId}`,
        when,
        item: await presentStory(ctx, row.item),
      };
    case 'problems':
      return {
        ...entry,
        path: `problems/${row.itemId}`,
        when,
        item: await presentProblem(ctx, row.item),
      };
    case 'solutions':
      return {
        ...entry,
        path: `solutions/${row.itemId}`,
        when,
        item: await presentSolution(ctx, row.item),
      };
    case 'comments':
      return {
        ...entry,
        path: commentPathOf(row.item),
        when,
        item: await presentComment(ctx, row.item),
      };
  }
}
