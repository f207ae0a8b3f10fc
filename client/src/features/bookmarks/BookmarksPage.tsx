import { useQuery } from '@apollo/client/react';
import { IconBookmark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MyBookmarksDocument, type MyBookmarksQuery } from '../../gql/graphql';
import { RequireSignIn } from '../auth';
import { mapPath } from '../maps';
import {
  EngagedItemCard,
  engagedItemLink,
  engagedItemTitle,
  EngagedItemsPage,
  engagedPostTitle,
} from '../reactions';
import { BookmarkButton } from './BookmarkButton';

const KINDS = ['all', 'stories', 'problems', 'solutions', 'skills', 'views'] as const;
type Row = MyBookmarksQuery['myBookmarks']['edges'][number]['node'];

/** /bookmarks: what I bookmarked and may still see, newest first, narrowed by kind. */
export function BookmarksPage() {
  return (
    <RequireSignIn>
      <BookmarksList />
    </RequireSignIn>
  );
}

function BookmarksList() {
  const { t } = useTranslation();
  const { data, loading, error, refetch, fetchMore } = useQuery(MyBookmarksDocument, {
    fetchPolicy: 'cache-and-network',
  });
  return (
    <EngagedItemsPage
      ns="bookmarks"
      kinds={KINDS}
      emptyIcon={<IconBookmark size={32} />}
      page={data?.myBookmarks}
      loading={loading}
      error={error}
      refetch={refetch}
      errorTitle={t('bookmarks:page.loadFailed')}
      renderRow={(row: Row) => <BookmarkRow row={row} />}
      loadMore={(after) => void fetchMore({ variables: { after } })}
    />
  );
}

function BookmarkRow({ row }: { row: Row }) {
  const item = row.post ?? row.progressMap;
  const title = row.post
    ? engagedPostTitle(row.post)
    : engagedItemTitle({ name: row.progressMap?.name });
  return (
    <EngagedItemCard
      kind={row.itemType}
      title={title}
      // A recipe opens on its problem.
      to={row.progressMap ? mapPath(row.progressMap) : engagedItemLink(row.itemType, row.itemId)}
      when={row.bookmarkedAt}
      trailing={item ? <BookmarkButton itemType={row.itemType} item={item} /> : null}
    />
  );
}
