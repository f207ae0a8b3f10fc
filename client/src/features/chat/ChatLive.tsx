import { useApolloClient, useSubscription } from '@apollo/client/react';
import { useEffect } from 'react';
import { wsClient } from '../../app/apollo';
import {
  ChatConversationEventsDocument,
  ChatConversationsDocument,
  ChatPresenceDocument,
  ChatTotalsDocument,
  ChatUnreadDocument,
} from '../../gql/graphql';
import { addToList, isListed, removeConversation, writeUnread } from './chatCache';

/**
 * Merges the chat shell's live events into the cache (nothing rendered), once per page: unread
 * counts per conversation and the badge's totals, and conversations the viewer was added to or
 * removed from. graphql-ws resubscribes after a dropped connection; what changed meanwhile is
 * fetched again when it reconnects.
 */
export function ChatLive({ spaceId }: { spaceId: string }) {
  const client = useApolloClient();
  useSubscription(ChatUnreadDocument, {
    variables: { spaceId },
    ignoreResults: true,
    onData: ({ client: { cache }, data }) => {
      const event = data.data?.chatUnread;
      if (!event) return;
      const listed = isListed(cache, spaceId, event.conversationId);
      writeUnread(cache, spaceId, event);
      // A direct chat someone else just opened with a first message: the list fetches it.
      if (!listed) void client.refetchQueries({ include: [ChatConversationsDocument] });
    },
    onError: (caught) => console.warn('chatUnread subscription ended', caught),
  });
  useSubscription(ChatConversationEventsDocument, {
    ignoreResults: true,
    onData: ({ client: { cache }, data }) => {
      const event = data.data?.chatConversationEvents;
      if (!event) return;
      // An updated conversation is normalised by id; one the viewer is newly in joins the list.
      if (event.change === 'removed' || !event.conversation)
        removeConversation(cache, event.conversationId);
      else addToList(cache, event.conversation, spaceId);
    },
    onError: (caught) => console.warn('chatConversationEvents subscription ended', caught),
  });
  useEffect(
    () =>
      wsClient.on('connected', (_socket, _payload, wasRetry) => {
        if (wasRetry)
          void client.refetchQueries({
            include: [ChatTotalsDocument, ChatConversationsDocument, ChatPresenceDocument],
          });
      }),
    [client],
  );
  return null;
}
