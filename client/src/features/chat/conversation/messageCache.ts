// An open conversation's messages as the view holds them. History pages and live events arrive in
// any order, so every write merges by id, and a history answer never undoes what an event or a
// mutation wrote after that request started (each write stamps the message with a counter).
import type {
  ChatMessageEventsSubscription,
  ChatMessageFieldsFragment,
} from '../../../gql/graphql';

export type ChatMessage = ChatMessageFieldsFragment;
export type ChatMessageEvent = ChatMessageEventsSubscription['chatMessageEvents'];

/** How many live arrivals the screen reader's region keeps (it reads only what changes). */
const ARRIVALS_KEPT = 3;

export interface MessageStore {
  /** Oldest first. */
  messages: ChatMessage[];
  /** Older messages remain on the server. */
  hasMore: boolean;
  /** The first page of history is in (live arrivals are announced only after it). */
  loaded: boolean;
  /** Counts writes; a history request remembers the count it started at. */
  clock: number;
  /** When each message was last written here (the clock's value). */
  writtenAt: Readonly<Record<string, number>>;
  /** Messages deleted while open: a late history page does not bring them back. */
  removed: ReadonlySet<string>;
  /** Others' messages that arrived live after the history, newest last. */
  arrivals: ChatMessage[];
}

export const emptyStore: MessageStore = {
  messages: [],
  hasMore: false,
  loaded: false,
  clock: 0,
  writtenAt: {},
  removed: new Set(),
  arrivals: [],
};

export type StoreAction =
  | {
      type: 'history';
      /** newest: the first page; older: a page before the first held; after: a catch-up. */
      kind: 'newest' | 'older' | 'after';
      items: readonly ChatMessage[];
      /** Older messages remain (the page's `pageInfo.hasPreviousPage`). */
      hasMore: boolean;
      startedAt: number;
    }
  | { type: 'event'; event: ChatMessageEvent; viewerId: string | null }
  | { type: 'upsert'; message: ChatMessage }
  | { type: 'remove'; id: string };

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? -1 : 1;

/** Puts messages in (replacing any with the same id) and keeps the list in time order. */
function put(store: MessageStore, incoming: readonly ChatMessage[]): MessageStore {
  if (!incoming.length) return store;
  const clock = store.clock + 1;
  const fresh = new Map(incoming.map((message) => [message.id, message]));
  const messages = [
    ...store.messages.filter((message) => !fresh.has(message.id)),
    ...fresh.values(),
  ].sort(byTime);
  const writtenAt = { ...store.writtenAt };
  for (const id of fresh.keys()) writtenAt[id] = clock;
  return { ...store, messages, clock, writtenAt };
}

function remove(store: MessageStore, id: string): MessageStore {
  const removed = new Set(store.removed).add(id);
  return {
    ...store,
    messages: store.messages.filter((message) => message.id !== id),
    arrivals: store.arrivals.filter((message) => message.id !== id),
    removed,
    clock: store.clock + 1,
  };
}

export function reduceMessages(store: MessageStore, action: StoreAction): MessageStore {
  switch (action.type) {
    case 'history': {
      // A message written after the request started is newer than the page's copy of it.
      const items = action.items.filter(
        (message) =>
          !store.removed.has(message.id) && (store.writtenAt[message.id] ?? 0) <= action.startedAt,
      );
      const next = put(store, items);
      const hasMore = action.kind === 'after' ? store.hasMore : action.hasMore;
      return { ...next, hasMore, loaded: true };
    }
    case 'upsert':
      return store.removed.has(action.message.id) ? store : put(store, [action.message]);
    case 'remove':
      return remove(store, action.id);
    case 'event': {
      const { event, viewerId } = action;
      if (event.change === 'removed' || !event.message) return remove(store, event.messageId);
      if (store.removed.has(event.messageId)) return store;
      const isNew = !store.messages.some((message) => message.id === event.messageId);
      const next = put(store, [event.message]);
      const announce =
        store.loaded && isNew && event.change === 'added' && event.message.author?.id !== viewerId;
      return announce
        ? { ...next, arrivals: [...store.arrivals, event.message].slice(-ARRIVALS_KEPT) }
        : next;
    }
  }
}
