import { Button, Center, EmptyState, Stack } from '@mantine/core';
import { type ReactElement, type ReactNode } from 'react';
import { nextCursorOf, nodesOf, type Connection } from '../app/cursorPages';
import { loadStateView } from './LoadState';
import { PendingPostCard } from './post-form/PendingPostCard';
import type { PendingPost } from './post-form/pendingPosts';
import { useLoadMoreAfter } from './useLoadMore';

/** A page of a list as the queries answer it: a connection (edges, pageInfo). */
export type ListPage<Item> = Connection<Item>;

/** The parts of Apollo's `useQuery` result a list needs (pass the result itself). */
export interface ListQuery {
  loading: boolean;
  error?: unknown;
  refetch: () => unknown;
  fetchMore: (options: { variables: { after: string } }) => Promise<unknown>;
}

/** What one kind of list declares: how its page is read, how an item shows, and its texts. */
export interface ListKind<Item> {
  /** Renders one item, keyed. */
  renderItem: (item: Item) => ReactNode;
  /** Shown while the first page is on its way. */
  skeleton: ReactElement;
  /** The retry alert's title, e.g. t('stories:list.loadFailed'). */
  errorTitle: string;
  loadMoreLabel: string;
  empty: { icon: ReactNode; title: string; description?: string; action?: ReactNode };
  /** Also load the next page as the end of the list scrolls into view (feeds), not only on click. */
  loadsOnScroll?: boolean;
}

export interface PostListProps<Item> extends ListKind<Item> {
  query: ListQuery;
  page: ListPage<Item> | undefined;
  /** Posts published while their files upload, shown on top as processing. */
  pending?: readonly PendingPost[];
  gap?: number | 'xs' | 'sm' | 'md';
  /** Rendered after the list, e.g. the dialogs its items' menus open. */
  children?: ReactNode;
}

/**
 * One keyset list of posts (or people): the skeleton, the error with Retry, the posts still
 * uploading, the empty state, the items and 'Load more' while there is more. The cache's page
 * policy (app/cursorPages.ts) appends each next page.
 */
export function PostList<Item>({
  query,
  page,
  pending = [],
  renderItem,
  skeleton,
  errorTitle,
  loadMoreLabel,
  empty,
  loadsOnScroll = false,
  gap = 'md',
  children,
}: PostListProps<Item>) {
  const { loading, error, refetch, fetchMore } = query;
  const cursor = nextCursorOf(page);
  const { loadMore, loadingMore, sentinel } = useLoadMoreAfter(cursor, fetchMore);

  const waiting = loadStateView({ loading, error, refetch, hasData: !!page, skeleton, errorTitle });
  if (waiting) return waiting;
  const items = nodesOf(page);
  return (
    <Stack gap={gap}>
      {pending.map((post) => (
        <PendingPostCard key={post.id} post={post} />
      ))}
      {items.length === 0 && pending.length === 0 ? (
        <EmptyState
          icon={empty.icon}
          withIndicatorBackground
          title={empty.title}
          description={empty.description}
          py="xl"
        >
          {empty.action ? <EmptyState.Actions>{empty.action}</EmptyState.Actions> : null}
        </EmptyState>
      ) : (
        items.map(renderItem)
      )}
      {cursor ? (
        <>
          {loadsOnScroll ? <div ref={sentinel} aria-hidden style={{ height: 1 }} /> : null}
          <Center>
            <Button variant="subtle" loading={loadingMore} onClick={() => void loadMore()}>
              {loadMoreLabel}
            </Button>
          </Center>
        </>
      ) : null}
      {children}
    </Stack>
  );
}
