import type { BookmarkableType } from '@rules';
import DataLoader from 'dataloader';
import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { bookmarks } from '../../db/schema';
import { engagedKey } from '../reactions/engaged-items.service';

export interface BookmarkKey {
  itemType: BookmarkableType;
  itemId: string;
}

/**
 * Per-request DataLoaders of bookmarks; spread into the request context's loaders. Whether the
 * viewer bookmarked each item of a page (of any kinds) costs one query.
 */
export const createBookmarkLoaders = (db: Db, viewer: Viewer | null) => ({
  viewerBookmarks: viewerBookmarkLoader(db, viewer),
});

function viewerBookmarkLoader(db: Db, viewer: Viewer | null) {
  return new DataLoader<BookmarkKey, boolean, string>(
    async (keys) => {
      if (!viewer) return keys.map(() => false);
      const rows = await db
        .select({ itemType: bookmarks.itemType, itemId: bookmarks.itemId })
        .from(bookmarks)
        .where(
          and(
            eq(bookmarks.userId, viewer.id),
            inArray(bookmarks.itemId, [...new Set(keys.map((key) => key.itemId))]),
          ),
        );
      const marked = new Set(rows.map((row) => engagedKey(row.itemType, row.itemId)));
      return keys.map((key) => marked.has(engagedKey(key.itemType, key.itemId)));
    },
    { cacheKeyFn: (key) => engagedKey(key.itemType, key.itemId) },
  );
}
