import { useApolloClient, useSubscription } from '@apollo/client/react';
import {
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type Dispatch,
} from 'react';
import { CHAT_HISTORY_PAGE } from '@rules';
import { socketStore, wsClient } from '../../../app/apollo';
import { nodesOf } from '../../../app/cursorPages';
import { ChatMessageEventsDocument, ChatMessagesDocument } from '../../../gql/graphql';
import { emptyStore, reduceMessages, type MessageStore, type StoreAction } from './messageCache';

/** Without a websocket after this long, the history loads anyway (live events then follow it). */
const SOCKET_WAIT_MS = 5000;
/**
 * The socket being up does not prove the server has registered the subscription yet: a message
 * sent in that moment reaches neither the history nor the subscription. One more catch-up this
 * long after each (re)subscription closes the gap.
 */
const SUBSCRIBE_SETTLE_MS = 1500;

export interface ConversationMessages {
  store: MessageStore;
  dispatch: Dispatch<StoreAction>;
  /** The first page failed to load. */
  error: unknown;
  retry: () => void;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/**
 * One conversation's messages, lossless: it subscribes to the live events first, loads the history
 * once the websocket is up, and merges both by id; after the socket reconnects it fetches
 * everything after the last message it holds. Mount it keyed by the conversation.
 */
export function useConversationMessages(
  conversationId: string,
  viewerId: string | null,
): ConversationMessages {
  const client = useApolloClient();
  const [store, dispatch] = useReducer(reduceMessages, emptyStore);
  const storeRef = useRef(store);
  useEffect(() => {
    storeRef.current = store;
  }, [store]);
  const [error, setError] = useState<unknown>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const requested = useRef(false);

  useSubscription(ChatMessageEventsDocument, {
    variables: { conversationId },
    ignoreResults: true,
    onData: ({ data }) => {
      const event = data.data?.chatMessageEvents;
      if (event) dispatch({ type: 'event', event, viewerId });
    },
    onError: (caught) => console.warn('chatMessageEvents ended', caught),
  });

  const fetchPage = useCallback(
    async (kind: 'newest' | 'older' | 'after', cursor: { before?: string; after?: string }) => {
      const startedAt = storeRef.current.clock;
      const { data } = await client.query({
        query: ChatMessagesDocument,
        variables: { conversationId, last: CHAT_HISTORY_PAGE, ...cursor },
        fetchPolicy: 'no-cache',
      });
      if (!data) return;
      const page = data.chatMessages;
      const hasMore = page.pageInfo.hasPreviousPage;
      dispatch({ type: 'history', kind, items: nodesOf(page), hasMore, startedAt });
    },
    [client, conversationId],
  );

  /** Everything after the last message held (the newest page when none is). */
  const catchUp = useCallback(() => {
    if (!storeRef.current.loaded) return;
    const last = storeRef.current.messages.at(-1);
    fetchPage(last ? 'after' : 'newest', last ? { after: last.id } : {}).catch((caught: unknown) =>
      console.warn('chat catch-up failed', caught),
    );
  }, [fetchPage]);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const catchUpOnceSettled = useCallback(() => {
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(catchUp, SUBSCRIBE_SETTLE_MS);
  }, [catchUp]);
  useEffect(() => () => clearTimeout(settleTimer.current), []);

  const loadFirst = useCallback(() => {
    requested.current = true;
    setError(null);
    fetchPage('newest', {})
      .then(catchUpOnceSettled)
      .catch((caught: unknown) => {
        requested.current = false;
        setError(caught);
      });
  }, [fetchPage, catchUpOnceSettled]);

  // Subscribed first: the history loads once the socket (and so the subscription) is up.
  const connected = useSyncExternalStore(socketStore.subscribe, socketStore.current);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), SOCKET_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if ((connected || waited) && !requested.current && !error) loadFirst();
  }, [connected, waited, error, loadFirst]);

  // Events sent while the socket was down are missed: fetch what came after the last one held.
  useEffect(
    () =>
      wsClient.on('connected', (_socket, _payload, wasRetry) => {
        if (!wasRetry) return;
        catchUp();
        catchUpOnceSettled();
      }),
    [catchUp, catchUpOnceSettled],
  );

  const loadOlder = useCallback(() => {
    const first = storeRef.current.messages[0];
    if (!first || !storeRef.current.hasMore || loadingOlder) return;
    setLoadingOlder(true);
    fetchPage('older', { before: first.id })
      .catch((caught: unknown) => console.warn('older chat messages failed', caught))
      .finally(() => setLoadingOlder(false));
  }, [fetchPage, loadingOlder]);

  return { store, dispatch, error, retry: loadFirst, loadingOlder, loadOlder };
}
