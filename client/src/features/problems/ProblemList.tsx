import { Card, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconPuzzle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PendingPost } from '../../components/post-form/pendingPosts';
import { PostList } from '../../components/PostList';
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
  const query = useQuery(ProblemsDocument, {
    variables: { first: 20, ...variables },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  return (
    <PostList
      query={query}
      page={query.data?.problems}
      pending={pending}
      renderItem={(problem) =>
        view === 'cards' ? (
          <ProblemCard key={problem.id} problem={problem} />
        ) : (
          <ProblemRow key={problem.id} problem={problem} />
        )
      }
      skeleton={<ProblemListSkeleton />}
      errorTitle={t('problems:list.loadFailed')}
      loadMoreLabel={t('problems:list.loadMore')}
      empty={{ icon: <IconPuzzle size={32} />, ...empty }}
      loadsOnScroll
      gap={view === 'cards' ? 'md' : 'xs'}
    />
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
