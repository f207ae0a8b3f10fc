import type { BookmarkableType } from '@rules';
import type { Context } from '../../context';
import { liveEngagementOf, viewerEngagementOf } from '../posts/engagement-columns';
import { asPost } from '../posts/post.types';
import type { MyBookmarkRow } from './bookmark.service';

/** Whether the viewer bookmarked an item, batched per request (false when signed out). */
export function viewerBookmarked(
  ctx: Context,
  itemType: BookmarkableType,
  item: { id: string },
): boolean | Promise<boolean> {
  if (!ctx.viewer) return false;
  const carried = viewerEngagementOf(item);
  if (carried) return carried.bookmarked;
  const live = liveEngagementOf(item);
  if (live) return live.bookmarkedBy.includes(ctx.viewer.id);
  return ctx.loaders.viewerBookmarks.load({ itemType, itemId: item.id });
}

/** A /bookmarks entry for GraphQL: a post under `post` (and its kind's field), a map apart. */
export const myBookmarkView = (row: MyBookmarkRow) => ({
  itemType: row.itemType,
  itemId: row.itemId,
  bookmarkedAt: row.bookmarkedAt,
  post: row.itemType === 'views' ? null : asPost(row.itemType, row.item),
  story: row.itemType === 'stories' ? row.item : null,
  problem: row.itemType === 'problems' ? row.item : null,
  solution: row.itemType === 'solutions' ? row.item : null,
  skill: row.itemType === 'skills' ? row.item : null,
  progressMap: row.itemType === 'views' ? row.item : null,
});
