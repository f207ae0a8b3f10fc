import DataLoader from 'dataloader';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { mapNodeRefKey, seenNodeRefs, type MapNodeRef } from './map-nodes.service';

/**
 * Per-request DataLoaders of maps; spread into the request context's loaders. Whether the viewer
 * sees the nodes a page of maps names by key (their custom links' ends) costs one statement per
 * kind of item, for every map of the page together.
 */
export const createMapLoaders = (db: Db, viewer: Viewer | null) => ({
  mapNodeSeen: new DataLoader<MapNodeRef, boolean, string>(
    async (refs) => {
      const seen = await seenNodeRefs(db, viewer, refs);
      return refs.map((ref) => seen.has(mapNodeRefKey(ref)));
    },
    { cacheKeyFn: mapNodeRefKey },
  ),
});
