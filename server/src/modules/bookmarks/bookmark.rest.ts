import type { Router } from 'express';
import type { Context } from '../../context';
import { bodyFields, contextOf, ok, queryParam, resultsParam } from '../../rest/shell';
import { mapPathOf } from '../maps/map-path';
import { presentMap } from '../maps/map.presenter';
import { presentProblem } from '../problems/problem.presenter';
import { presentSkill } from '../skills/skill.presenter';
import { presentSolution } from '../solutions/solution.presenter';
import { presentStory } from '../stories/story.presenter';
import * as bookmarkService from './bookmark.service';

/** The spec's bookmark rows (001 §7): bodies name the item by `path`; other fields are ignored. */
export function mountBookmarkRest(router: Router) {
  router.post('/bookmarks/bookmark', async (req, res) => {
    await bookmarkService.bookmark(contextOf(res), { path: bodyFields(req).path });
    ok(res);
  });

  router.post('/bookmarks/unbookmark', async (req, res) => {
    await bookmarkService.unbookmark(contextOf(res), { path: bodyFields(req).path });
    ok(res);
  });

  router.get('/bookmarks', async (req, res) => {
    const ctx = contextOf(res);
    const page = await bookmarkService.listMyBookmarks(ctx, {
      first: resultsParam(req),
      after: queryParam(req, 'lastDocumentID'),
    });
    const items = await Promise.all(page.items.map((row) => presentMyBookmark(ctx, row)));
    ok(res, { items, last: page.last });
  });
}

/** A /bookmarks entry: the item as its own rows present it, with its path. */
async function presentMyBookmark(ctx: Context, row: bookmarkService.MyBookmarkRow) {
  const entry = {
    itemType: row.itemType,
    itemId: row.itemId,
    path: `${row.itemType}/${row.itemId}`,
    when: row.bookmarkedAt.toISOString(),
  };
  switch (row.itemType) {
    case 'stories':
      return { ...entry, item: await presentStory(ctx, row.item) };
    case 'problems':
      return { ...entry, item: await presentProblem(ctx, row.item) };
    case 'solutions':
      return { ...entry, item: await presentSolution(ctx, row.item) };
    case 'skills':
      return { ...entry, item: await presentSkill(ctx, row.item) };
    case 'views':
      return { ...entry, path: mapPathOf(row.item), item: await presentMap(ctx, row.item) };
  }
}
