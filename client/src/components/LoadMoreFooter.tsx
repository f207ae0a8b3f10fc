// The end of a paged list while more pages are left: the sentinel that loads the next one when it
// scrolls into view (where the list loads on scroll), and the button that loads it by hand (see
// useLoadMore).
import { Button, Center } from '@mantine/core';
import type { useLoadMore } from './useLoadMore';

type LoadMore = ReturnType<typeof useLoadMore>;

export function LoadMoreFooter({
  sentinel,
  loadingMore,
  loadMore,
  label,
}: Pick<LoadMore, 'loadingMore' | 'loadMore'> & {
  sentinel?: LoadMore['sentinel'];
  label: string;
}) {
  return (
    <>
      {sentinel ? <div ref={sentinel} aria-hidden style={{ height: 1 }} /> : null}
      <Center>
        <Button variant="subtle" loading={loadingMore} onClick={() => void loadMore()}>
          {label}
        </Button>
      </Center>
    </>
  );
}
