import { gql, InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { nextCursorOf, nodesOf, pagedQueryFields } from '../../client/src/app/cursorPages';

/** How the client's cache holds a paged list (a connection): fetchMore appends, any other write replaces. */

const TAGS = gql`
  query Tags($orderBy: TagSort, $first: Int, $after: String) {
    tags(orderBy: $orderBy, first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          name
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

const tag = (id: string) => ({ __typename: 'Tag', id, name: id });
/** A page of the given tags; `more` when a later page remains. */
const page = (ids: string[], more: boolean) => ({
  tags: {
    __typename: 'TagConnection',
    edges: ids.map((id) => ({ __typename: 'TagEdge', cursor: `c-${id}`, node: tag(id) })),
    pageInfo: { __typename: 'PageInfo', hasNextPage: more, endCursor: `c-${ids.at(-1)}` },
  },
});
const newCache = () => new InMemoryCache({ typePolicies: { Query: { fields: pagedQueryFields } } });
const shown = (cache: InMemoryCache, variables: Record<string, unknown>) => {
  const data = cache.readQuery<ReturnType<typeof page>>({ query: TAGS, variables });
  return {
    ids: nodesOf(data?.tags).map((item) => item.id),
    cursors: data?.tags.edges.map((edge) => edge.cursor),
    next: nextCursorOf(data?.tags),
  };
};

describe('cursorPage', () => {
  const first = { orderBy: 'followers', first: 2 };

  it('appends a page fetched after a cursor, without repeating an item already held', () => {
    const cache = newCache();
    cache.writeQuery({ query: TAGS, variables: first, data: page(['a', 'b'], true) });
    cache.writeQuery({
      query: TAGS,
      variables: { ...first, after: 'c-b' },
      data: page(['b', 'c'], true),
    });
    expect(shown(cache, first)).toEqual({
      ids: ['a', 'b', 'c'],
      cursors: ['c-a', 'c-b', 'c-c'],
      next: 'c-c',
    });
  });

  it('takes the last page’s pageInfo: no next cursor once the list is complete', () => {
    const cache = newCache();
    cache.writeQuery({ query: TAGS, variables: first, data: page(['a', 'b'], true) });
    cache.writeQuery({
      query: TAGS,
      variables: { ...first, after: 'c-b' },
      data: page(['c'], false),
    });
    expect(shown(cache, first)).toMatchObject({ ids: ['a', 'b', 'c'], next: null });
  });

  it('replaces the list on a write without a cursor (a refetch or a cache update)', () => {
    const cache = newCache();
    cache.writeQuery({ query: TAGS, variables: first, data: page(['a', 'b'], true) });
    cache.writeQuery({
      query: TAGS,
      variables: { ...first, after: 'c-b' },
      data: page(['c'], false),
    });
    cache.writeQuery({ query: TAGS, variables: first, data: page(['z', 'a'], true) });
    expect(shown(cache, first)).toMatchObject({ ids: ['z', 'a'], next: 'c-a' });
  });

  it('keeps one list per value of the other arguments', () => {
    const cache = newCache();
    cache.writeQuery({ query: TAGS, variables: first, data: page(['a'], false) });
    cache.writeQuery({
      query: TAGS,
      variables: { first: 2, orderBy: 'stories' },
      data: page(['s'], false),
    });
    expect(shown(cache, { first: 2, orderBy: 'followers' }).ids).toEqual(['a']);
    expect(shown(cache, { orderBy: 'stories', first: 2 }).ids).toEqual(['s']);
  });

  it('leaves out the edge of an evicted item instead of losing the whole list', () => {
    const cache = newCache();
    cache.writeQuery({ query: TAGS, variables: first, data: page(['a', 'b'], false) });
    cache.evict({ id: cache.identify(tag('a')) });
    expect(shown(cache, first).ids).toEqual(['b']);
  });
});
