import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconNews } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionEpoch } from '../../app/useSessionEpoch';
import { usePendingPosts } from '../../components/post-form/pendingPosts';
import { PostList } from '../../components/PostList';
import { StoriesDocument, StoryAddedDocument, type StoryListKind } from '../../gql/graphql';
import { StoryCard } from './StoryCard';
import { belongsTo, insertStory, listVariables, type StoryListOptions } from './storyCache';
import { useStoryActions } from './useStoryActions';

export interface StoryListProps {
  list: StoryListKind;
  /** The active space: the public feed is per space; the author's own lists ignore it. */
  spaceId: string;
  /** Put stories posted meanwhile (by anyone) at the top, over the `storyAdded` subscription. */
  live?: boolean;
  empty: { title: string; description?: string; action?: ReactNode };
  /** A problem's stories, a sort or a time range. */
  options?: StoryListOptions;
}

/**
 * Newest-first story cards of one list, loading further pages (`after` = the page's
 * `pageInfo.endCursor`) when the end of the list scrolls into view, with a 'Load more' button
 * where that cannot happen.
 */
export function StoryList({ list, spaceId, live = false, empty, options }: StoryListProps) {
  const { t } = useTranslation();
  const variables = listVariables(list, spaceId, options);
  const problemId = options?.problemId ?? null;
  // New stories go on top only where the order is newest first.
  const sortedByTime =
    (!options?.orderBy || options.orderBy === 'recent') &&
    !options?.tags?.length &&
    options?.distance !== 'nearby';
  // Lists load afresh on every visit (spec: lists are cleared after a route change) but show the cache meanwhile.
  // A new identity (sign-in, sign-out, a session ended elsewhere) resubscribes the live list.
  const sessionEpoch = useSessionEpoch();
  const query = useQuery(StoriesDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    notifyOnNetworkStatusChange: false,
  });
  const { actions, dialogs } = useStoryActions();
  // Stories posted while their files upload show on top of the live lists they will join.
  const pendingHere = usePendingPosts('stories', spaceId, problemId);
  const pending = live && sortedByTime ? pendingHere : [];
  const { subscribeToMore } = query;

  useEffect(() => {
    if (!live || !sortedByTime) return undefined;
    return subscribeToMore({
      document: StoryAddedDocument,
      variables: { spaceId: spaceId || null, problemId },
      updateQuery: (_unsafePrevious, options) => {
        if (!options.complete) return undefined;
        const story = options.subscriptionData.data.storyAdded;
        if (!belongsTo(list, story, spaceId, problemId)) return undefined;
        const stories = insertStory(options.previousData.stories, story);
        return stories === options.previousData.stories
          ? undefined
          : { ...options.previousData, stories };
      },
      onError: (caught) => console.warn('storyAdded subscription ended', caught),
    });
  }, [live, sortedByTime, list, spaceId, problemId, subscribeToMore, sessionEpoch]);

  return (
    <PostList
      query={query}
      page={query.data?.stories}
      pending={pending}
      renderItem={(story) => <StoryCard key={story.id} story={story} actions={actions} />}
      skeleton={<StoryListSkeleton />}
      errorTitle={t('stories:list.loadFailed')}
      loadMoreLabel={t('stories:list.loadMore')}
      empty={{ icon: <IconNews size={32} />, ...empty }}
      loadsOnScroll
    >
      {dialogs}
    </PostList>
  );
}

export function StoryListSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy aria-label={t('stories:list.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="md">
          <Group gap="sm" mb="md">
            <Skeleton circle height={38} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width="30%" />
              <Skeleton height={8} width="20%" />
            </Stack>
          </Group>
          <Skeleton height={10} mb={8} />
          <Skeleton height={10} mb={8} />
          <Skeleton height={10} width="60%" />
        </Card>
      ))}
    </Stack>
  );
}
