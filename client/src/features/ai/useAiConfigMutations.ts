import { useMutation } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import {
  CreateAiConfigDocument,
  DeleteAiConfigDocument,
  MyAiConfigsDocument,
  SetDefaultAiConfigDocument,
  UpdateAiConfigDocument,
  type AiConfigFieldsFragment,
  type CreateAiConfigInput,
  type UpdateAiConfigInput,
} from '../../gql/graphql';

/** Marks `defaultId` the one default in the cached list, as the server does. */
function markDefault(cache: ApolloCache, defaultId: string) {
  cache.updateQuery({ query: MyAiConfigsDocument }, (current) =>
    current
      ? {
          ...current,
          myAiConfigs: current.myAiConfigs.map((config) => ({
            ...config,
            isDefault: config.id === defaultId,
          })),
        }
      : undefined,
  );
}

/**
 * AI config writes with their cache updates, so the list shows the result without a refetch
 * (except deleting the default: the server picks the next default, so the list is asked again).
 * Each function resolves to the config (or nothing) and rejects with the server's error.
 */
export function useAiConfigMutations() {
  const [create, createState] = useMutation(CreateAiConfigDocument, {
    update(cache, { data }) {
      const created = data?.createAiConfig;
      if (!created) return;
      cache.updateQuery({ query: MyAiConfigsDocument }, (current) =>
        current
          ? {
              ...current,
              myAiConfigs: [
                created,
                ...current.myAiConfigs.filter((config) => config.id !== created.id),
              ],
            }
          : undefined,
      );
      if (created.isDefault) markDefault(cache, created.id);
    },
  });
  const [update, updateState] = useMutation(UpdateAiConfigDocument);
  const [setDefault, setDefaultState] = useMutation(SetDefaultAiConfigDocument, {
    update(cache, { data }) {
      if (data) markDefault(cache, data.setDefaultAiConfig.id);
    },
  });
  const [remove, removeState] = useMutation(DeleteAiConfigDocument);

  return {
    saving: createState.loading || updateState.loading,
    settingDefault: setDefaultState.loading,
    deleting: removeState.loading,
    createAiConfig: async (input: CreateAiConfigInput): Promise<AiConfigFieldsFragment> => {
      const { data } = await create({ variables: { input } });
      if (!data) throw new Error('createAiConfig returned no data');
      return data.createAiConfig;
    },
    updateAiConfig: async (
      id: string,
      input: UpdateAiConfigInput,
    ): Promise<AiConfigFieldsFragment> => {
      const { data } = await update({ variables: { id, input } });
      if (!data) throw new Error('updateAiConfig returned no data');
      return data.updateAiConfig;
    },
    setDefaultAiConfig: async (id: string): Promise<void> => {
      await setDefault({ variables: { id } });
    },
    deleteAiConfig: async (config: AiConfigFieldsFragment): Promise<void> => {
      await remove({
        variables: { id: config.id },
        update(cache) {
          cache.updateQuery({ query: MyAiConfigsDocument }, (current) =>
            current
              ? {
                  ...current,
                  myAiConfigs: current.myAiConfigs.filter((row) => row.id !== config.id),
                }
              : undefined,
          );
        },
        refetchQueries: config.isDefault ? [MyAiConfigsDocument] : [],
      });
    },
  };
}
