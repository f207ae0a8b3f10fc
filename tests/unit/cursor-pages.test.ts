import { gql, InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { pagedQueryFields } from '../../client/src/app/cursorPages';

/** How the client's cache holds a keyset-paged list: fetchMore appends, any other write replaces. */

const TAGS = gql`
  query Tags($orderBy: TagSort, $first: Int, $after: String) {
    tags(orderBy: $orderBy, first: $first, after: $after) {
      items {
        id
        name
      }
      last
    }
  }
`;

const tag = (id: string) => ({ __typename: 'Tag', id, name: id });
const page = (ids: string[], last: string | null) => ({
  tags: { __typename: 'TagPage', items: ids.map(tag), last },
});
const newCache = () => new InMemoryCache({ typePolicies: { Query: { fields: pagedQueryFields } } });
const shown = (cache: InMemoryCache, variables: Record<string, unknown>) => {
  const data = cache.readQuery<ReturnType<typeof page>>({ query: TAGS, variables });
  return { ids: data?.tags.items.map((item) => item.id), last: data?.tags.last };
};

describe('cursorPage', () => {
  const first = { orderBy: 'followers', first: 2 };

  it('appends a page fetched after a cursor, without repeating an item already held', () => {
    const cache = newCache();
    cache.writeQuery({ query: TAGS, variables: first, data: page(['a', 'b'], 'b') });
    cache.writeQuery({
      query: TAGS,
      variables: { ...first, after: 'b' },
      data: page(['b', 'c'], 'c'),
    });
    expect(shown(cache, first)).toEqual({ ids: ['a', 'b', 'c'], last: 'c' });
  });

  it('replaces the list on a write without a cursor (a refetch or a cache update)', () => {
    const cache = newCache();
    cache.writeQuery({ query: TAGS, variables: first, data: page(['a', 'b'], 'b') });
    cache.writeQuery({ query: TAGS, variables: { ...first, after: 'b' }, data: page(['c'], null) });
    cache.writeQuery({ query: TAGS, variables: first, data: page(['z', 'a'], 'a') });
    expect(shown(cache, first)).toEqual({ ids: ['z', 'a'], last: 'a' });
  });

  it('keeps one list per value of the other arguments', () => {
    const cache = newCache();
    cache.writeQuery({ query: TAGS, variables: first, data: page(['a'], null) });
    cache.writeQuery({
      query: TAGS,
      variables: { first: 2, orderBy: 'stories' },
      data: page(['s'], null),
    });
    expect(shown(cache, { first: 2, orderBy: 'followers' }).ids).toEqual(['a']);
    expect(shown(cache, { orderBy: 'stories', first: 2 }).ids).toEqual(['s']);
  });
});
