import { InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import {
  addToList,
  isListed,
  listVariables,
  removeConversation,
  sortConversations,
  writeUnread,
} from '../../client/src/features/chat/chatCache';
import {
  ChatConversationsDocument,
  ChatTotalsDocument,
  type ChatConversationFieldsFragment,
} from '../../client/src/gql/graphql';

/** How the chat drawer's lists sort, and how writes and live events change them in the cache. */

const conversation = (
  id: string,
  name: string,
  overrides: Partial<ChatConversationFieldsFragment> = {},
): ChatConversationFieldsFragment =>
  // Apollo adds __typename to every document at run time; the generated types leave it out.
  ({
    __typename: 'ChatConversation',
    id,
    type: 'public',
    name,
    description: null,
    spaceId: 'ww',
    author: null,
    itemType: null,
    itemId: null,
    receivingAuthor: null,
    imageURL: null,
    totalNewMessages: 0,
    totalMembers: 1,
    isMember: true,
    lastMessageAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }) as ChatConversationFieldsFragment;

const names = (list: ChatConversationFieldsFragment[]) => list.map((item) => item.name);

function cacheWith(list: ChatConversationFieldsFragment[]) {
  const cache = new InMemoryCache({ typePolicies: { ChatPresence: { keyFields: ['userId'] } } });
  cache.writeQuery({
    query: ChatConversationsDocument,
    variables: listVariables('ww'),
    data: { chatConversations: list },
  });
  const listed = () =>
    cache.readQuery({ query: ChatConversationsDocument, variables: listVariables('ww') })
      ?.chatConversations ?? [];
  return { cache, listed };
}

describe('the chat lists', () => {
  const wells = conversation('a', 'wells', { lastMessageAt: '2026-01-03T00:00:00.000Z' });
  const bridges = conversation('b', 'Bridges', {
    totalNewMessages: 2,
    lastMessageAt: '2026-01-01T00:00:00.000Z',
  });
  const schools = conversation('c', 'Schools', {
    totalNewMessages: 2,
    lastMessageAt: '2026-01-02T00:00:00.000Z',
  });

  it('sorts alphabetically, whatever the case', () => {
    expect(names(sortConversations([wells, schools, bridges], 'alphabetical'))).toEqual([
      'Bridges',
      'Schools',
      'wells',
    ]);
  });

  it('sorts by unread: most unread first, then the latest message', () => {
    expect(names(sortConversations([wells, bridges, schools], 'unread'))).toEqual([
      'Schools',
      'Bridges',
      'wells',
    ]);
  });

  it('adds a conversation of the space, or a direct chat, once; not another space’s channel', () => {
    const { cache, listed } = cacheWith([wells]);
    addToList(cache, bridges, 'ww');
    addToList(cache, bridges, 'ww');
    addToList(cache, conversation('d', 'Elsewhere', { spaceId: 'in' }), 'ww');
    addToList(cache, conversation('e', 'Bo', { type: 'p2p', spaceId: null }), 'ww');
    expect(names(listed())).toEqual(['wells', 'Bridges', 'Bo']);
  });

  it('drops a conversation left or deleted', () => {
    const { cache, listed } = cacheWith([wells, bridges]);
    removeConversation(cache, 'a');
    expect(names(listed())).toEqual(['Bridges']);
  });

  it('writes a live unread count to its row and the totals to the badge', () => {
    const { cache, listed } = cacheWith([wells, bridges]);
    writeUnread(cache, 'ww', {
      conversationId: 'a',
      totalNewMessages: 5,
      totals: { totalNewMessages: 7, totalNewSpaceMessages: 1 },
    });
    expect(listed().find((item) => item.id === 'a')?.totalNewMessages).toBe(5);
    expect(
      cache.readQuery({ query: ChatTotalsDocument, variables: { spaceId: 'ww' } })?.chatTotals,
    ).toMatchObject({ totalNewMessages: 7, totalNewSpaceMessages: 1 });
    expect(isListed(cache, 'ww', 'a')).toBe(true);
    expect(isListed(cache, 'ww', 'unknown')).toBe(false);
  });
});
