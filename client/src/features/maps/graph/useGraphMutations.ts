import { useApolloClient, useMutation } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import {
  MapEditorAddWaypointDocument,
  MapEditorDeleteWaypointDocument,
  MapEditorSaveDocument,
  MapEditorUpdateWaypointDocument,
  MapGraphDocument,
  SpaceGraphDocument,
  type ProgressMapDetailFragment,
  type UpdateMapInput,
  type WaypointInput,
  type WaypointItemFragment,
} from '../../../gql/graphql';
import { useViewer } from '../../auth';
import { syncMapLists } from '../mapLists';

/** The waypoint lists (/waypoints) load again on their next visit. */
const forgetWaypointLists = (cache: ApolloCache) => {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'waypoints' });
  cache.gc();
};

/**
 * The graph editor's writes with their cache updates: a save moves the map in the maps lists
 * (syncMapLists); a waypoint added, renamed or deleted reloads the open graph, whose nodes the
 * server makes. Each function rejects with the server's error for the caller to show.
 */
export function useGraphMutations() {
  const client = useApolloClient();
  const { viewer } = useViewer();
  const viewerId = viewer?.id ?? null;
  const [save, saveState] = useMutation(MapEditorSaveDocument);
  const [add] = useMutation(MapEditorAddWaypointDocument);
  const [update] = useMutation(MapEditorUpdateWaypointDocument);
  const [remove] = useMutation(MapEditorDeleteWaypointDocument);

  /** The open map's graph (or a space's default one) asks the server again. */
  const refetchGraph = () =>
    client.refetchQueries({ include: [MapGraphDocument, SpaceGraphDocument] });

  return {
    saving: saveState.loading,
    refetchGraph,
    saveMap: async (id: string, input: UpdateMapInput): Promise<ProgressMapDetailFragment> => {
      const { data } = await save({
        variables: { id, input },
        update: (cache, result) => {
          if (result.data) syncMapLists(cache, result.data.updateProgressMap, viewerId);
        },
      });
      if (!data) throw new Error('updateProgressMap returned no data');
      return data.updateProgressMap;
    },
    addWaypoint: async (mapId: string, input: WaypointInput): Promise<WaypointItemFragment> => {
      const { data } = await add({
        variables: { mapId, input },
        update: forgetWaypointLists,
      });
      if (!data) throw new Error('addWaypoint returned no data');
      await refetchGraph();
      return data.addWaypoint;
    },
    updateWaypoint: async (id: string, input: WaypointInput): Promise<WaypointItemFragment> => {
      const { data } = await update({ variables: { id, input } });
      if (!data) throw new Error('updateWaypoint returned no data');
      await refetchGraph();
      return data.updateWaypoint;
    },
    deleteWaypoint: async (id: string): Promise<void> => {
      await remove({ variables: { id }, update: forgetWaypointLists });
      await refetchGraph();
    },
  };
}
