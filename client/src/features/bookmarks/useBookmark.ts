import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import {
  BookmarkDocument,
  MyBookmarksDocument,
  UnbookmarkDocument,
  type BookmarkableItemType,
} from '../../gql/graphql';

const TYPENAME: Record<BookmarkableItemType, string> = {
  stories: 'Story',
  problems: 'Problem',
  solutions: 'Solution',
  skills: 'Skill',
  views: 'ProgressMap',
};

function writeBookmarked(
  cache: ApolloCache,
  itemType: BookmarkableItemType,
  itemId: string,
  bookmarked: boolean,
) {
  const id = cache.identify({ __typename: TYPENAME[itemType], id: itemId });
  if (id) cache.modify({ id, fields: { bookmarked: () => bookmarked } });
}

/**
 * Bookmarking with its cache update: the item shows the new state at once; /bookmarks reloads
 * next time it opens. Rejects with the server's error for the caller to show.
 */
export function useBookmark() {
  const [mark] = useMutation(BookmarkDocument);
  const [unmark] = useMutation(UnbookmarkDocument);

  return async (itemType: BookmarkableItemType, itemId: string, bookmarked: boolean) => {
    const options = {
      variables: { itemType, itemId },
      update: (cache: ApolloCache) => {
        writeBookmarked(cache, itemType, itemId, bookmarked);
        cache.evict({ fieldName: 'myBookmarks' });
      },
      refetchQueries: [MyBookmarksDocument],
    };
    if (bookmarked) await mark({ ...options, optimisticResponse: { bookmark: true } });
    else await unmark({ ...options, optimisticResponse: { unbookmark: false } });
  };
}
