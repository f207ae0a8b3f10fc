import type { ReactableType, ReactionKind } from '@rules';
import DataLoader from 'dataloader';
import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { reactions } from '../../db/schema';
import { engagedKey } from './engaged-items.service';

export interface ReactionKey {
  itemType: ReactableType;
  itemId: string;
}

/**
 * Per-request DataLoaders of reactions; spread into the request context's loaders. The viewer's
 * reactions on a page of items (of any kinds) cost one query.
 */
export const createReactionLoaders = (db: Db, viewer: Viewer | null) => ({
  viewerReactions: viewerReactionLoader(db, viewer),
});

function viewerReactionLoader(db: Db, viewer: Viewer | null) {
  return new DataLoader<ReactionKey, ReactionKind | null, string>(
    async (keys) => {
      if (!viewer) return keys.map(() => null);
      const rows = await db
        .select({
          itemType: reactions.itemType,
          itemId: reactions.itemId,
          reaction: reactions.reaction,
        })
        .from(reactions)
        .where(
          and(
            eq(reactions.userId, viewer.id),
            inArray(reactions.itemId, [...new Set(keys.map((key) => key.itemId))]),
          ),
        );
      const byKey = new Map(
        rows.map((row) => [engagedKey(row.itemType, row.itemId), row.reaction]),
      );
      return keys.map((key) => byKey.get(engagedKey(key.itemType, key.itemId)) ?? null);
    },
    { cacheKeyFn: (key) => engagedKey(key.itemType, key.itemId) },
  );
}
