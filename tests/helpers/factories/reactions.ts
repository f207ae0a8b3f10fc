import { gql, gqlData, type GqlResult } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

export type ReactableType = 'stories' | 'problems' | 'solutions' | 'comments';
export type ReactionKind =
  'like' | 'happy' | 'celebrate' | 'dislike' | 'sad' | 'angry' | 'thinking';

export type Reactable = {
  itemType: ReactableType;
  itemId: string;
};

export interface ReactionStateView {
  itemType: ReactableType;
  itemId: string;
  reaction: ReactionKind | null;
  totalReactions: number;
  counts: { reaction: ReactionKind; count: number }[];
}

const STATE_FIELDS = 'itemType itemId reaction totalReactions counts { reaction count }';
export const REACT = `mutation($itemType: ReactableItemType!, $itemId: ID!, $reaction: ReactionKind!) {
  react(itemType: $itemType, itemId: $itemId, reaction: $reaction) { ${STATE_FIELDS} } }`;
export const UNREACT = `mutation($itemType: ReactableItemType!, $itemId: ID!) {
  unreact(itemType: $itemType, itemId: $itemId) { ${STATE_FIELDS} } }`;
export const REACTORS = `query($itemType: ReactableItemType!, $itemId: ID!, $reaction: ReactionKind, $first: Int, $after: String) {
  reactions(itemType: $itemType, itemId: $itemId, reaction: $reaction, first: $first, after: $after) {
    items { user { id displayName photoURL role } reaction createdAt } last } }`;
export const MY_REACTIONS = `query($first: Int, $after: String) { myReactions(first: $first, after: $after) {
  items { itemType itemId reaction reactedAt post { __typename id } story { id } problem { id } solution { id } comment { id } } last } }`;

export interface ReactorView {
  user: { id: string; displayName: string; photoURL: string; role: string };
  reaction: ReactionKind;
  createdAt: string;
}

export interface MyReactionView {
  itemType: ReactableType;
  itemId: string;
  reaction: ReactionKind;
  reactedAt: string;
  /** The post reacted to, as the `Post` interface gives it; null for a comment. */
  post: { __typename: string; id: string } | null;
  story: { id: string } | null;
  problem: { id: string } | null;
  solution: { id: string } | null;
  comment: { id: string } | null;
}

/** `user` reacts to `item` with `reaction` over GraphQL; fails the test if refused. */
export async function react(
  server: TestServer,
  user: TestUser,
  item: Reactable,
  reaction: ReactionKind,
) {
  const data = await gqlData<{ react: ReactionStateView }>(
    server.url,
    REACT,
    { ...item, reaction },
    { token: user.token },
  );
  return data.react;
}

/** `user` takes their reaction off `item`; fails the test if refused. */
export async function unreact(server: TestServer, user: TestUser, item: Reactable) {
  const data = await gqlData<{ unreact: ReactionStateView }>(server.url, UNREACT, item, {
    token: user.token,
  });
  return data.unreact;
}

/** The raw answer to a react call, for refusals. */
export const tryReact = (
  server: TestServer,
  token: string | undefined,
  item: Reactable,
  reaction: string,
): Promise<GqlResult<{ react: ReactionStateView }>> =>
  gql(server.url, REACT, { ...item, reaction }, { token });

/** Who reacted to `item` (of one kind, or all), as `token` sees it. */
export async function listReactors(
  server: TestServer,
  item: Reactable,
  options: { token?: string; reaction?: ReactionKind; first?: number; after?: string } = {},
) {
  const { token, ...args } = options;
  const data = await gqlData<{ reactions: { items: ReactorView[]; last: string | null } }>(
    server.url,
    REACTORS,
    { ...item, ...args },
    { token },
  );
  return data.reactions;
}

/** What `user` reacted to (/reactions). */
export async function listMyReactions(
  server: TestServer,
  user: TestUser,
  options: { first?: number; after?: string } = {},
) {
  const data = await gqlData<{ myReactions: { items: MyReactionView[]; last: string | null } }>(
    server.url,
    MY_REACTIONS,
    options,
    { token: user.token },
  );
  return data.myReactions;
}
