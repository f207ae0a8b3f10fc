import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

export type BookmarkableType = 'stories' | 'problems' | 'solutions' | 'skills' | 'views';

export type Bookmarkable = {
  itemType: BookmarkableType;
  itemId: string;
};

export const BOOKMARK = `mutation($itemType: BookmarkableItemType!, $itemId: ID!) { bookmark(itemType: $itemType, itemId: $itemId) }`;
export const UNBOOKMARK = `mutation($itemType: BookmarkableItemType!, $itemId: ID!) { unbookmark(itemType: $itemType, itemId: $itemId) }`;
export const MY_BOOKMARKS = `query($first: Int, $after: String) { myBookmarks(first: $first, after: $after) {
  items { itemType itemId bookmarkedAt post { __typename id author { id } } story { id bookmarked } problem { id bookmarked } solution { id bookmarked } skill { id bookmarked } } last } }`;

export interface MyBookmarkView {
  itemType: BookmarkableType;
  itemId: string;
  bookmarkedAt: string;
  /** The post, as the `Post` interface gives it; null for a map. */
  post: { __typename: string; id: string; author: { id: string } } | null;
  story: { id: string; bookmarked: boolean } | null;
  problem: { id: string; bookmarked: boolean } | null;
  solution: { id: string; bookmarked: boolean } | null;
  skill: { id: string; bookmarked: boolean } | null;
}

/** `user` bookmarks `item` over GraphQL; fails the test if refused. */
export async function bookmark(server: TestServer, user: TestUser, item: Bookmarkable) {
  await gqlData(server.url, BOOKMARK, item, { token: user.token });
}

export async function unbookmark(server: TestServer, user: TestUser, item: Bookmarkable) {
  await gqlData(server.url, UNBOOKMARK, item, { token: user.token });
}

/** `user`'s bookmarks (/bookmarks), newest first. */
export async function listMyBookmarks(
  server: TestServer,
  user: TestUser,
  options: { first?: number; after?: string } = {},
) {
  const data = await gqlData<{ myBookmarks: { items: MyBookmarkView[]; last: string | null } }>(
    server.url,
    MY_BOOKMARKS,
    options,
    { token: user.token },
  );
  return data.myBookmarks;
}
