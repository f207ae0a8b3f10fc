import { Button, Center, EmptyState, Stack } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { IconUsers } from '@tabler/icons-react';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStateView, SkeletonRows } from '../../components/LoadState';
import { useLoadMore } from '../../components/useLoadMore';

interface Page<Item> {
  items: Item[];
  last?: string | null;
}

/** The item type of a query's page field. */
type ItemOf<Data, Field extends keyof Data> =
  NonNullable<Data[Field]> extends { items: (infer Item)[] } ? Item : never;

export interface PagedListProps<
  Data,
  Variables extends OperationVariables,
  Field extends keyof Data & string,
> {
  query: TypedDocumentNode<Data, Variables>;
  variables: Variables;
  /** The query's one list field, e.g. `personStories`. */
  field: Field;
  render: (item: ItemOf<Data, Field>) => ReactNode;
  empty: string;
  emptyIcon?: ReactNode;
  skip?: boolean;
  /** Space between rows (cards want some; dialog rows none). */
  gap?: number | 'md';
}

/**
 * One keyset list of the people pages: the first page, a 'Load more' button while `last` says
 * there is more, the error with Retry, and an empty state.
 */
export function PagedList<
  Data,
  Variables extends OperationVariables,
  Field extends keyof Data & string,
>({
  query,
  variables,
  field,
  render,
  empty,
  emptyIcon,
  skip,
  gap = 'md',
}: PagedListProps<Data, Variables, Field>) {
  type Item = ItemOf<Data, Field>;
  const { t } = useTranslation();
  const { data, loading, error, fetchMore, refetch } = useQuery(query, {
    variables,
    skip,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  } as useQuery.Options<Data, Variables>);
  const page = (data as Record<string, Page<Item>> | undefined)?.[field];
  const fetchPage = useCallback(
    (after: string) => fetchMore({ variables: { after } as unknown as Partial<Variables> }),
    [fetchMore],
  );
  const { loadMore, loadingMore } = useLoadMore(page?.last, fetchPage);

  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!page,
    skeleton: <SkeletonRows count={3} height={72} label={t('people:list.loading')} />,
    errorTitle: t('people:list.loadFailed'),
  });
  if (waiting) return waiting;
  const items = page?.items ?? [];
  return (
    <Stack gap={gap}>
      {items.length === 0 ? (
        <EmptyState
          icon={emptyIcon ?? <IconUsers size={32} />}
          withIndicatorBackground
          title={empty}
          py="xl"
        />
      ) : (
        items.map(render)
      )}
      {page?.last ? (
        <Center>
          <Button variant="subtle" loading={loadingMore} onClick={() => void loadMore()}>
            {t('people:list.loadMore')}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
