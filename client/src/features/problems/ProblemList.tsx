import { Button, Card, Center, EmptyState, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconPuzzle } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStateView } from '../../components/LoadState';
import { PendingPostCard } from '../../components/post-form/PendingPostCard';
import type { PendingPost } from '../../components/post-form/pendingPosts';
import { useLoadMore } from '../../components/useLoadMore';
import { ProblemsDocument, type ProblemsQueryVariables } from '../../gql/graphql';
import { ProblemCard, ProblemRow } from './ProblemCard';

export type ProblemView = 'cards' | 'rows';

export interface ProblemListProps {
  variables: ProblemsQueryVariables;
  view?: ProblemView;
  empty: { title: string; description?: string };
  /** Problems published while their files upload, shown on top as processing. */
  pending?: readonly PendingPost[];
}

/** Problems of one list, loading further pages (keyset) as the end scrolls into view. */
export function ProblemList({ variables, view = 'cards', empty, pending = [] }: ProblemListProps) {
  const { t } = useTranslation();
  const { data, loading, error, fetchMore, refetch } = useQuery(ProblemsDocument, {
    variables: { first: 20, ...variables },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const page = data?.problems;
  const last = page?.last ?? null;

  const fetchPage = useCallback(
    (after: string) => fetchMore({ variables: { after } }),
    [fetchMore],
  );
  const { loadMore, loadingMore, sentinel } = useLoadMore(last, fetchPage);

  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!page,
    skeleton: <ProblemListSkeleton />,
    errorTitle: t('problems:list.loadFailed'),
  });
  if (waiting) return waiting;
  const items = page?.items ?? [];
  return (
    <Stack gap={view === 'cards' ? 'md' : 'xs'}>
      {pending.map((post) => (
        <PendingPostCard key={post.id} post={post} />
      ))}
      {items.length === 0 && pending.length === 0 ? (
        <EmptyState
          icon={<IconPuzzle size={32} />}
          withIndicatorBackground
          title={empty.title}
          description={empty.description}
          py="xl"
        />
      ) : (
        items.map((problem) =>
          view === 'cards' ? (
            <ProblemCard key={problem.id} problem={problem} />
          ) : (
            <ProblemRow key={problem.id} problem={problem} />
          ),
        )
      )}
      {last ? (
        <>
          <div ref={sentinel} aria-hidden style={{ height: 1 }} />
          <Center>
            <Button variant="subtle" loading={loadingMore} onClick={() => void loadMore()}>
              {t('problems:list.loadMore')}
            </Button>
          </Center>
        </>
      ) : null}
    </Stack>
  );
}

export function ProblemListSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy aria-label={t('problems:list.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="md">
          <Skeleton height={12} width="40%" mb={10} />
          <Skeleton height={10} mb={8} />
          <Skeleton height={10} width="70%" />
        </Card>
      ))}
    </Stack>
  );
}
