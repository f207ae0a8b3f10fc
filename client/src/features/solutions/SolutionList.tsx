import { Card, Group, Select, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconBulb } from '@tabler/icons-react';
import { SOLUTION_SORTS, type SolutionSort } from '@rules';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { localEdge } from '../../app/cursorPages';
import { useSessionEpoch } from '../../app/useSessionEpoch';
import { usePendingPosts } from '../../components/post-form/pendingPosts';
import { PostList } from '../../components/PostList';
import { TimeRangeSelect, type TimeRangeChoice } from '../../components/TimeRangeSelect';
import {
  SolutionAddedDocument,
  SolutionsDocument,
  type SolutionsQueryVariables,
} from '../../gql/graphql';
import { SolutionCard } from './SolutionCard';
import { useSolutionActions } from './useSolutionActions';

export interface SolutionListProps {
  variables: Omit<SolutionsQueryVariables, 'after' | 'first'>;
  empty: { title: string; description?: string; action?: ReactNode };
  /** Cards link under this problem (its Solutions tab). */
  problemId?: string | null;
}

const PAGE = 20;

/** Solution cards of one list, a page at a time (`after` = the page's `pageInfo.endCursor`). */
export function SolutionList({ variables, empty, problemId }: SolutionListProps) {
  const { t } = useTranslation();
  // A new identity (sign-in, sign-out, a session ended elsewhere) resubscribes the live list.
  const sessionEpoch = useSessionEpoch();
  const query = useQuery(SolutionsDocument, {
    variables: { ...variables, first: PAGE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const { subscribeToMore } = query;
  // Solutions posted meanwhile go on top of the public lists in newest-first order (a space's, a
  // problem's); the viewer's own list and fixed date windows load afresh on each visit.
  const live =
    variables.list === 'recent' &&
    (!variables.orderBy || variables.orderBy === 'recent') &&
    !variables.endDate;
  const liveSpaceId = variables.spaceId || null;
  const liveProblemId = variables.problemId ?? null;
  useEffect(() => {
    if (!live) return undefined;
    return subscribeToMore({
      document: SolutionAddedDocument,
      variables: { spaceId: liveSpaceId, problemId: liveProblemId },
      updateQuery: (_unsafePrevious, options) => {
        if (!options.complete) return undefined;
        const solution = options.subscriptionData.data.solutionAdded;
        const current = options.previousData.solutions;
        if (current.edges.some((edge) => edge.node.id === solution.id)) return undefined;
        const edges = [localEdge('SolutionEdge', solution), ...current.edges];
        return { ...options.previousData, solutions: { ...current, edges } };
      },
      onError: (caught) => console.warn('solutionAdded subscription ended', caught),
    });
  }, [live, liveSpaceId, liveProblemId, subscribeToMore, sessionEpoch]);
  const { actions, dialogs } = useSolutionActions();
  // Solutions published while their files upload show on top of the live lists they will join.
  const pendingHere = usePendingPosts(
    'solutions',
    String(liveSpaceId ?? ''),
    liveProblemId ? String(liveProblemId) : null,
  );
  const pending = live ? pendingHere : [];

  return (
    <PostList
      query={query}
      page={query.data?.solutions}
      pending={pending}
      renderItem={(solution) => (
        <SolutionCard
          key={solution.id}
          solution={solution}
          actions={actions}
          problemId={problemId}
        />
      )}
      skeleton={<SolutionListSkeleton />}
      errorTitle={t('solutions:list.loadFailed')}
      loadMoreLabel={t('solutions:list.loadMore')}
      empty={{ icon: <IconBulb size={32} />, ...empty }}
    >
      {dialogs}
    </PostList>
  );
}

export function SolutionListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy aria-label={t('solutions:list.loading')}>
      {[0, 1, 2].map((index) => (
        <Card key={index} withBorder radius="md" padding="md">
          <Group gap="sm" mb="md">
            <Skeleton circle height={38} />
            <Skeleton height={10} width="30%" />
          </Group>
          <Skeleton height={14} width="70%" mb={8} />
          <Skeleton height={10} width="40%" />
        </Card>
      ))}
    </Stack>
  );
}

/** The sort menu (recent, upvotes, downvotes) and the time range of solution lists. */
export function SolutionFilters({
  orderBy,
  onOrderBy,
  range,
  onRange,
}: {
  orderBy: SolutionSort;
  onOrderBy: (sort: SolutionSort) => void;
  range?: TimeRangeChoice;
  onRange?: (next: TimeRangeChoice) => void;
}) {
  const { t } = useTranslation();
  const sortLabels: Record<SolutionSort, string> = {
    recent: t('solutions:sort.recent'),
    upvotes: t('solutions:sort.upvotes'),
    downvotes: t('solutions:sort.downvotes'),
  };
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Select
        label={t('solutions:list.sort')}
        value={orderBy}
        onChange={(value) => value && onOrderBy(value as SolutionSort)}
        data={SOLUTION_SORTS.map((sort) => ({
          value: sort,
          label: sortLabels[sort],
        }))}
        allowDeselect={false}
        w={170}
        size="xs"
      />
      {range && onRange ? <TimeRangeSelect value={range} onChange={onRange} /> : null}
    </Group>
  );
}
