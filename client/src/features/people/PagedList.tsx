import { useQuery } from '@apollo/client/react';
import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonRows } from '../../components/LoadState';
import { PostList, type ListPage, type ListQuery } from '../../components/PostList';

/** The node type of a query's connection field. */
type ItemOf<Data, Field extends keyof Data> =
  NonNullable<Data[Field]> extends { edges: { node: infer Item }[] } ? Item : never;

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
 * One keyset list of the people pages: the first page, a 'Load more' button while
 * `pageInfo.hasNextPage` says there is more, the error with Retry, and an empty state.
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
  const result = useQuery(query, {
    variables,
    skip,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  } as useQuery.Options<Data, Variables>);
  return (
    <PostList
      // TypeScript cannot see that generic variables take `after`, as every paged query's do.
      query={result as unknown as ListQuery}
      page={(result.data as Record<string, ListPage<Item>> | undefined)?.[field]}
      renderItem={render}
      skeleton={<SkeletonRows count={3} height={72} label={t('people:list.loading')} />}
      errorTitle={t('people:list.loadFailed')}
      loadMoreLabel={t('people:list.loadMore')}
      empty={{ icon: emptyIcon ?? <IconUsers size={32} />, title: empty }}
      gap={gap}
    />
  );
}
