import { useMutation } from '@apollo/client/react';
import { useActiveSpace } from '../../app/useActiveSpace';
import {
  AddChatMembersDocument,
  CreateConversationDocument,
  DeleteConversationDocument,
  JoinChannelDocument,
  LeaveConversationDocument,
  type ChatConversationFieldsFragment,
  type CreateConversationInput,
} from '../../gql/graphql';
import { addToList, removeConversation } from './chatCache';

/** The pickers and the members list of a conversation change when people are added. */
const MEMBER_QUERIES = ['ChatMembers', 'ChatPickableUsers'];

/**
 * Conversation and member writes with their cache updates, so the drawer's lists show the result
 * without a refetch. Each function resolves to the conversation (or nothing) and rejects with the
 * server's error for the caller to show.
 */
export function useConversationMutations() {
  const { spaceId } = useActiveSpace();
  const [create, createState] = useMutation(CreateConversationDocument, {
    update: (cache, { data }) => {
      if (data) addToList(cache, data.createConversation, spaceId);
    },
  });
  const [join, joinState] = useMutation(JoinChannelDocument, {
    update: (cache, { data }) => {
      if (data) addToList(cache, data.joinChannel, spaceId);
    },
  });
  const [add, addState] = useMutation(AddChatMembersDocument, {
    refetchQueries: MEMBER_QUERIES,
  });
  const [leave, leaveState] = useMutation(LeaveConversationDocument);
  const [remove, removeState] = useMutation(DeleteConversationDocument);

  return {
    saving: createState.loading || joinState.loading || addState.loading,
    removing: leaveState.loading || removeState.loading,
    createConversation: async (
      input: CreateConversationInput,
    ): Promise<ChatConversationFieldsFragment> => {
      const { data } = await create({ variables: { input } });
      if (!data) throw new Error('createConversation returned no data');
      return data.createConversation;
    },
    joinChannel: async (conversationId: string): Promise<ChatConversationFieldsFragment> => {
      const { data } = await join({ variables: { conversationId } });
      if (!data) throw new Error('joinChannel returned no data');
      return data.joinChannel;
    },
    addMembers: async (conversationId: string, userIds: string[]): Promise<void> => {
      await add({ variables: { conversationId, userIds } });
    },
    leaveConversation: async (conversationId: string): Promise<void> => {
      await leave({
        variables: { conversationId },
        update: (cache) => removeConversation(cache, conversationId),
      });
    },
    deleteConversation: async (conversationId: string): Promise<void> => {
      await remove({
        variables: { conversationId },
        update: (cache) => removeConversation(cache, conversationId),
      });
    },
  };
}
