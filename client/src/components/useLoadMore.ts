import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from './notify';

/**
 * Further pages of a keyset-paged list: `loadMore()` fetches the page after `cursor` (none when the
 * cursor is null: the last page is shown), one request at a time, a failure as a toast. Attach
 * `sentinel` to an element at the end of the list and the next page starts loading when it scrolls
 * into view; keep a 'Load more' button for where that cannot happen. Pass a stable `fetchPage`
 * (useCallback); for Apollo's fetchMore with an `after` variable use `useLoadMoreAfter` below (the
 * cache's page policy, app/cursorPages.ts, appends).
 */
export function useLoadMore(
  cursor: string | null | undefined,
  fetchPage: (cursor: string) => Promise<unknown>,
) {
  const [loadingMore, setLoadingMore] = useState(false);
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (!cursor || busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    try {
      await fetchPage(cursor);
    } catch (caught) {
      notifyError(caught);
    } finally {
      busy.current = false;
      setLoadingMore(false);
    }
  }, [cursor, fetchPage]);

  const sentinel = useOnScrolledIntoView(cursor ? loadMore : null);
  return { loadMore, loadingMore, hasMore: Boolean(cursor), sentinel };
}

/** Calls `onVisible` whenever the element given to the returned ref scrolls into view (not when null). */
function useOnScrolledIntoView(onVisible: (() => Promise<void>) | null) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!element || !onVisible || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void onVisible();
      },
      // Start the next page a little before the reader reaches the end.
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, onVisible]);
  return setElement;
}

/**
 * `useLoadMore` over Apollo's `fetchMore` of a query whose cursor variable is `after`, the usual
 * case: `const { loadMore, loadingMore } = useLoadMoreAfter(nextCursorOf(page), fetchMore);`
 */
export function useLoadMoreAfter(
  cursor: string | null | undefined,
  fetchMore: (options: { variables: { after: string } }) => Promise<unknown>,
) {
  const fetchPage = useCallback(
    (after: string) => fetchMore({ variables: { after } }),
    [fetchMore],
  );
  return useLoadMore(cursor, fetchPage);
}
