/**
 * The one Apollo Client: queries and mutations over HTTP, subscriptions over graphql-ws, both on
 * /graphql with the session cookie. After sign-in or sign-out call `resetSession()` so that the
 * websocket reconnects as the new identity and every active query refetches.
 */
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, split } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient, type Client } from 'graphql-ws';
import { pagedQueryFields } from './cursorPages';
import { POSSIBLE_TYPES } from './possibleTypes';

export const graphqlWsUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The server closes a socket with graphql-ws's 4401 when its session ends elsewhere (a sign-out in
 * another tab, a password reset): the page's identity is then stale, so it is reset like a sign-out.
 */
const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * Lazy: the socket opens with the first subscription. It retries for ever (a phone goes offline
 * and back), at once for the first retry so `restartWebsocket()` is quick, then with back-off.
 * Every retry resubscribes the active subscriptions, with the cookie the browser now holds.
 */
export const wsClient: Client = createClient({
  url: graphqlWsUrl,
  lazy: true,
  retryAttempts: Infinity,
  shouldRetry: () => true,
  retryWait: async (retries) => {
    if (retries === 0) return;
    await sleep(Math.min(1000 * 2 ** retries, 30_000) + Math.random() * 1000);
  },
  on: {
    closed: (event) => {
      if ((event as CloseEvent).code === SESSION_ENDED_CLOSE_CODE) void resetSession();
    },
  },
});

/**
 * Counts identity changes, so live lists resubscribe as the new identity: a subscription the server
 * ended with its session (4401) is not retried by graphql-ws.
 */
let sessionEpoch = 0;
const epochListeners = new Set<() => void>();
export const sessionEpochStore = {
  subscribe(listener: () => void) {
    epochListeners.add(listener);
    return () => void epochListeners.delete(listener);
  },
  current: () => sessionEpoch,
};

/** Whether the websocket is up: a chat loads its history once its subscription can receive. */
let socketConnected = false;
const socketListeners = new Set<() => void>();
const setSocketConnected = (connected: boolean) => {
  socketConnected = connected;
  for (const listener of socketListeners) listener();
};
wsClient.on('connected', () => setSocketConnected(true));
wsClient.on('closed', () => setSocketConnected(false));
export const socketStore = {
  subscribe(listener: () => void) {
    socketListeners.add(listener);
    return () => void socketListeners.delete(listener);
  },
  current: () => socketConnected,
};

/** Drops the socket; graphql-ws reconnects and resubscribes, now with the current session. */
export function restartWebsocket() {
  wsClient.terminate();
}

// A browser that says it is offline has lost the socket too, though the socket may take minutes
// to notice: it is dropped at once, so live views catch up when graphql-ws reconnects.
window.addEventListener('offline', restartWebsocket);

const httpLink = new HttpLink({
  uri: '/graphql',
  credentials: 'same-origin',
  // The server's CSRF prevention accepts JSON posts anyway; this header makes it explicit.
  headers: { 'apollo-require-preflight': 'true' },
});

const isSubscription = ({ query }: ApolloLink.Operation) => {
  const definition = getMainDefinition(query);
  return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
};

export const apolloClient = new ApolloClient({
  link: split(isSubscription, new GraphQLWsLink(wsClient), httpLink),
  cache: new InMemoryCache({
    possibleTypes: POSSIBLE_TYPES,
    typePolicies: {
      // A person's chat presence is one entity whichever query or live event brought it.
      ChatPresence: { keyFields: ['userId'] },
      // One object of server settings, read in parts (the map's tiles, the sign-in provider).
      ClientConfig: { merge: true },
      Query: { fields: pagedQueryFields },
    },
  }),
});

/** After the identity changed (sign-in, sign-out, account deleted). */
export async function resetSession() {
  sessionEpoch += 1;
  for (const listener of epochListeners) listener();
  restartWebsocket();
  try {
    await apolloClient.resetStore();
  } catch {
    // A query cancelled by the reset rejects here; the refetch that follows is what matters.
  }
}
