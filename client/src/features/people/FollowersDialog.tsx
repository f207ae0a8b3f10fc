import { Modal, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { loadStateView } from '../../components/LoadState';
import { PeopleList, PeopleListSkeleton } from '../../components/PeopleList';
import { useLoadMore } from '../../components/useLoadMore';
import { FollowersDocument, FollowingPeopleDocument } from '../../gql/graphql';

/** 000 §2: the reaction list dialog, at most 500 wide, lists followers too (without icons). */
const DIALOG_WIDTH = 500;
const PAGE_SIZE = 30;

export type FollowList = 'followers' | 'following';

/** A person's followers or the people they follow; a row opens that profile. */
export function FollowersDialog({
  userId,
  list,
  onClose,
}: {
  userId: string;
  list: FollowList | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = list === 'following' ? t('people:dialog.following') : t('people:dialog.followers');
  return (
    <Modal opened={list !== null} onClose={onClose} title={title} size={DIALOG_WIDTH}>
      {list ? <FollowRows key={list} userId={userId} list={list} label={title} /> : null}
    </Modal>
  );
}

function FollowRows({ userId, list, label }: { userId: string; list: FollowList; label: string }) {
  const { t } = useTranslation();
  const variables = { userId, first: PAGE_SIZE };
  const followers = useQuery(FollowersDocument, { variables, skip: list !== 'followers' });
  const following = useQuery(FollowingPeopleDocument, { variables, skip: list !== 'following' });
  const query = list === 'followers' ? followers : following;
  const page = list === 'followers' ? followers.data?.followers : following.data?.followingPeople;
  const { fetchMore: fetchMoreFollowers } = followers;
  const { fetchMore: fetchMoreFollowing } = following;
  const fetchPage = useCallback(
    (after: string) =>
      list === 'followers'
        ? fetchMoreFollowers({ variables: { after } })
        : fetchMoreFollowing({ variables: { after } }),
    [list, fetchMoreFollowers, fetchMoreFollowing],
  );
  const { loadMore, loadingMore } = useLoadMore(nextCursorOf(page), fetchPage);

  const waiting = loadStateView({
    loading: query.loading,
    error: query.error,
    refetch: query.refetch,
    hasData: !!page,
    skeleton: <PeopleListSkeleton label={t('people:list.loading')} />,
    errorTitle: t('people:list.loadFailed'),
  });
  if (waiting) return waiting;
  if (page && nodesOf(page).length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md" ta="center">
        {list === 'followers' ? t('people:dialog.noFollowers') : t('people:dialog.noFollowing')}
      </Text>
    );
  }
  return (
    <PeopleList
      label={label}
      loading={query.loading || loadingMore}
      onEndReached={loadMore}
      rows={nodesOf(page).map((person) => ({ key: person.id, person }))}
    />
  );
}
