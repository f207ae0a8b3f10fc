import { describe, expect, it } from 'vitest';
import {
  emptyStore,
  reduceMessages,
  type ChatMessage,
  type MessageStore,
  type StoreAction,
} from '../../client/src/features/chat/conversation/messageCache';

/** How an open conversation merges history pages, live events and mutation results by id. */

const message = (id: string, createdAt: string, text = id, authorId = 'ada'): ChatMessage => ({
  id,
  conversationId: 'c1',
  text,
  files: [],
  author: { id: authorId, displayName: authorId, photoURL: '', role: 'person' },
  type: null,
  replyTo: null,
  reactions: [],
  createdAt,
  editedAt: null,
});

const run = (...actions: StoreAction[]): MessageStore => actions.reduce(reduceMessages, emptyStore);
const ids = (store: MessageStore) => store.messages.map((item) => item.id);
const added = (item: ChatMessage): StoreAction => ({
  type: 'event',
  event: {
    change: 'added',
    conversationId: 'c1',
    messageId: item.id,
    message: item,
  },
  viewerId: 'bo',
});
const history = (items: ChatMessage[], startedAt: number, hasMore = false): StoreAction => ({
  type: 'history',
  kind: 'newest',
  items,
  hasMore,
  startedAt,
});

const a = message('a', '2026-01-01T10:00:00.000Z');
const b = message('b', '2026-01-01T10:01:00.000Z');
const c = message('c', '2026-01-01T10:02:00.000Z');

describe('an open conversation’s messages', () => {
  it('merges a live message that arrived before the history, once and in time order', () => {
    const store = run(added(c), history([a, b, c], 0, true));
    expect(ids(store)).toEqual(['a', 'b', 'c']);
    expect(store.hasMore).toBe(true);
    expect(store.loaded).toBe(true);
  });

  it('keeps an edit that arrived while the history request was on its way', () => {
    const edited = { ...b, text: 'edited', editedAt: '2026-01-01T10:05:00.000Z' };
    const store = run(history([a], 0), { type: 'upsert', message: edited }, history([a, b], 1));
    expect(store.messages.find((item) => item.id === 'b')?.text).toBe('edited');
  });

  it('lets a later history answer replace an older copy', () => {
    const edited = { ...a, text: 'edited' };
    const store = run(history([a], 0), history([edited], 1));
    expect(store.messages[0]?.text).toBe('edited');
  });

  it('does not bring back a message deleted while a page was loading', () => {
    const store = run(history([a, b], 0), { type: 'remove', id: 'b' }, history([a, b], 1));
    expect(ids(store)).toEqual(['a']);
  });

  it('announces only others’ messages that arrive after the history', () => {
    const mine = message('m', '2026-01-01T10:03:00.000Z', 'mine', 'bo');
    const store = run(added(a), history([a, b], 0), added(c), added(mine), added(c));
    expect(store.arrivals.map((item) => item.id)).toEqual(['c']);
  });

  it('an older page keeps its own hasMore; a catch-up keeps the current one', () => {
    const older: StoreAction = {
      type: 'history',
      kind: 'older',
      items: [a],
      hasMore: false,
      startedAt: 1,
    };
    const catchUp: StoreAction = {
      type: 'history',
      kind: 'after',
      items: [c],
      hasMore: false,
      startedAt: 2,
    };
    expect(run(history([b], 0, true), older).hasMore).toBe(false);
    expect(run(history([b], 0, true), catchUp).hasMore).toBe(true);
    expect(ids(run(history([b], 0, true), older, catchUp))).toEqual(['a', 'b', 'c']);
  });
});
