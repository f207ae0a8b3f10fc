// How the chat shell lives in Apollo's cache. The drawer and the page read one `chatConversations`
// query per space (fetched by unread, sorted again here as the reader toggles, so live changes
// never need a refetch); conversations are normalised by id, so a write or event that returns
// one updates every list showing it. The badge reads `chatTotals` of the active space.
import type { ApolloCache } from '@apollo/client';
import type { ChatSort } from '@rules';
import {
  ChatChannelDirectoryDocument,
  ChatConversationsDocument,
  ChatTotalsDocument,
  type ChatConversationFieldsFragment,
  type ChatConversationsQueryVariables,
} from '../../gql/graphql';

type Conversation = ChatConversationFieldsFragment;

/** The variables of a space's list: every reader and writer of it uses exactly these. */
export const listVariables = (spaceId: string): ChatConversationsQueryVariables => ({
  spaceId,
  sort: 'unread',
});

/** The lists' two sorts (001 §9): by name, or most unread first then the latest message. */
export function sortConversations(list: readonly Conversation[], sort: ChatSort): Conversation[] {
  const byName = (a: Conversation, b: Conversation) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  if (sort === 'alphabetical') return [...list].sort(byName);
  return [...list].sort(
    (a, b) =>
      b.totalNewMessages - a.totalNewMessages ||
      Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt) ||
      byName(a, b),
  );
}

/** Whether a conversation is listed in a space's drawer: direct chats in every space. */
export const belongsToSpace = (conversation: Conversation, spaceId: string) =>
  conversation.type === 'p2p' || conversation.spaceId === spaceId;

/** A conversation the viewer now belongs to (created, joined, added by someone) joins its list. */
export function addToList(cache: ApolloCache, conversation: Conversation, spaceId: string) {
  if (!belongsToSpace(conversation, spaceId)) return;
  cache.updateQuery(
    { query: ChatConversationsDocument, variables: listVariables(spaceId) },
    (data) => {
      if (!data || data.chatConversations.some((item) => item.id === conversation.id))
        return undefined;
      return { ...data, chatConversations: [...data.chatConversations, conversation] };
    },
  );
  // A joined public channel is no longer one to find.
  cache.updateQuery({ query: ChatChannelDirectoryDocument, variables: { spaceId } }, (data) =>
    data
      ? {
          ...data,
          chatChannelDirectory: data.chatChannelDirectory.filter(
            (item) => item.id !== conversation.id,
          ),
        }
      : undefined,
  );
}

/** Left, deleted, or removed from: the conversation goes from every list. */
export function removeConversation(cache: ApolloCache, conversationId: string) {
  cache.evict({ id: cache.identify({ __typename: 'ChatConversation', id: conversationId }) });
  cache.gc();
}

/** A live unread change: the row's count and the space's totals for the badge. */
export function writeUnread(
  cache: ApolloCache,
  spaceId: string,
  event: {
    conversationId: string;
    totalNewMessages: number;
    totals: { totalNewMessages: number; totalNewSpaceMessages: number };
  },
) {
  cache.modify({
    id: cache.identify({ __typename: 'ChatConversation', id: event.conversationId }),
    fields: { totalNewMessages: () => event.totalNewMessages },
  });
  cache.writeQuery({
    query: ChatTotalsDocument,
    variables: { spaceId },
    data: { chatTotals: event.totals },
  });
}

/** Whether the space's list holds the conversation (an unread event for another means a new one). */
export function isListed(cache: ApolloCache, spaceId: string, conversationId: string) {
  const data = cache.readQuery({
    query: ChatConversationsDocument,
    variables: listVariables(spaceId),
  });
  return !data || data.chatConversations.some((item) => item.id === conversationId);
}
