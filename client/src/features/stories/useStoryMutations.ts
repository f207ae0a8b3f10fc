import { useMutation } from '@apollo/client/react';
import { useActiveSpace } from '../../app/useActiveSpace';
import {
  CreateStoryDocument,
  DeleteStoryDocument,
  UpdateStoryDocument,
  type CreateStoryInput,
  type StoryCardFragment,
  type UpdateStoryInput,
} from '../../gql/graphql';
import { evictStory, syncStoryLists } from './storyCache';

/**
 * Story writes with their cache updates, so every list shows the result without a refetch. Each
 * function resolves to the story (or true) and rejects with the server's error for the caller to show.
 */
export function useStoryMutations() {
  const { spaceId } = useActiveSpace();
  const [create, createState] = useMutation(CreateStoryDocument, {
    update: (cache, { data }) => {
      if (data) syncStoryLists(cache, data.createStory, spaceId);
    },
  });
  const [update, updateState] = useMutation(UpdateStoryDocument, {
    update: (cache, { data }) => {
      if (data) syncStoryLists(cache, data.updateStory, spaceId);
    },
  });
  const [remove, removeState] = useMutation(DeleteStoryDocument);

  return {
    saving: createState.loading || updateState.loading,
    deleting: removeState.loading,
    createStory: async (input: CreateStoryInput): Promise<StoryCardFragment> => {
      const { data } = await create({ variables: { input } });
      if (!data) throw new Error('createStory returned no data');
      return data.createStory;
    },
    updateStory: async (id: string, input: UpdateStoryInput): Promise<StoryCardFragment> => {
      const { data } = await update({ variables: { id, input } });
      if (!data) throw new Error('updateStory returned no data');
      return data.updateStory;
    },
    deleteStory: async (id: string): Promise<void> => {
      await remove({ variables: { id }, update: (cache) => evictStory(cache, id) });
    },
  };
}
