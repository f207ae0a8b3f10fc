import { useApolloClient, useMutation } from '@apollo/client/react';
import {
  CopyProgressMapDocument,
  CreateProgressMapDocument,
  DeleteProgressMapDocument,
  ImportProgressMapDocument,
  ProblemDocument,
  UpdateProgressMapDocument,
  type CreateMapInput,
  type ProgressMapDetailFragment,
  type UpdateMapInput,
} from '../../gql/graphql';
import { useViewer } from '../auth';
import { evictMap, syncMapLists } from './mapLists';

/** A recipe changes its problem's totalRecipes: the open problem page reloads its counters. */
const recipeCounters = (problemId: unknown) => (problemId ? [ProblemDocument] : []);

/**
 * Map writes with their cache updates, so every list shows the result without a refetch: a new
 * map appears at its place (the top of the recent lists), a saved one moves or is renamed, a
 * deleted one disappears. Each function resolves to the map and rejects with the server's error
 * for the caller to show.
 */
export function useMapMutations() {
  const client = useApolloClient();
  const { viewer } = useViewer();
  const viewerId = viewer?.id ?? null;
  const [create, createState] = useMutation(CreateProgressMapDocument);
  const [update, updateState] = useMutation(UpdateProgressMapDocument);
  const [remove, removeState] = useMutation(DeleteProgressMapDocument);
  const [copy, copyState] = useMutation(CopyProgressMapDocument);
  const [load, importState] = useMutation(ImportProgressMapDocument);

  return {
    saving: createState.loading || updateState.loading || copyState.loading,
    deleting: removeState.loading,
    importing: importState.loading,
    createMap: async (input: CreateMapInput): Promise<ProgressMapDetailFragment> => {
      const { data } = await create({
        variables: { input },
        update: (cache, result) => {
          if (result.data) syncMapLists(cache, result.data.createProgressMap, viewerId);
        },
        refetchQueries: recipeCounters(input.problemId),
      });
      if (!data) throw new Error('createProgressMap returned no data');
      return data.createProgressMap;
    },
    updateMap: async (id: string, input: UpdateMapInput): Promise<ProgressMapDetailFragment> => {
      const { data } = await update({
        variables: { id, input },
        update: (cache, result) => {
          if (result.data) syncMapLists(cache, result.data.updateProgressMap, viewerId);
        },
      });
      if (!data) throw new Error('updateProgressMap returned no data');
      const saved = data.updateProgressMap;
      // A recipe made private (or public again) leaves (or joins) its problem's count.
      if (saved.problemId && input.isPrivate !== undefined) {
        void client.refetchQueries({ include: recipeCounters(saved.problemId) });
      }
      return saved;
    },
    deleteMap: async (map: { id: string; problemId?: string | null }): Promise<void> => {
      await remove({
        variables: { id: map.id },
        update: (cache) => evictMap(cache, map.id),
        refetchQueries: recipeCounters(map.problemId),
      });
    },
    copyMap: async (id: string, name?: string): Promise<ProgressMapDetailFragment> => {
      const { data } = await copy({
        variables: { id, name: name ?? null },
        update: (cache, result) => {
          if (result.data) syncMapLists(cache, result.data.copyProgressMap, viewerId);
        },
      });
      if (!data) throw new Error('copyProgressMap returned no data');
      return data.copyProgressMap;
    },
    importMap: async (
      data: Record<string, unknown>,
      place: { spaceId?: string | null; problemId?: string | null },
    ): Promise<ProgressMapDetailFragment> => {
      const result = await load({
        variables: { data, spaceId: place.spaceId ?? null, problemId: place.problemId ?? null },
        update: (cache, answer) => {
          if (answer.data) syncMapLists(cache, answer.data.importProgressMap, viewerId);
        },
        refetchQueries: recipeCounters(place.problemId),
      });
      if (!result.data) throw new Error('importProgressMap returned no data');
      return result.data.importProgressMap;
    },
  };
}
