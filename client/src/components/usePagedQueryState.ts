import type { ReactElement } from 'react';
import { nextCursorOf } from '../app/cursorPages';
import { loadStateView } from './LoadState';
import { useLoadMoreAfter } from './useLoadMore';

/**
 * What a paged list shows while its query settles (`waiting`: the skeleton, the retry alert, or
 * null once `page` is there) and its further pages (`loadMore`), from Apollo's `useQuery` result:
 * `const query = useQuery(…); const page = query.data?.stories;` (a connection)
 */
export function usePagedQueryState(
  query: {
    loading: boolean;
    error?: unknown;
    refetch: () => unknown;
    fetchMore: (options: { variables: { after: string } }) => Promise<unknown>;
  },
  page: { pageInfo: { hasNextPage: boolean; endCursor?: string | null } } | null | undefined,
  view: { skeleton: ReactElement; errorTitle: string },
) {
  const more = useLoadMoreAfter(nextCursorOf(page), query.fetchMore);
  const waiting = loadStateView({
    loading: query.loading,
    error: query.error,
    refetch: query.refetch,
    hasData: Boolean(page),
    ...view,
  });
  return { ...more, waiting };
}
