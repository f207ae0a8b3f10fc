import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

export const PERSON_FIELDS = `
  id displayName photoURL role bio profileTags following createdAt
  counters { totalFollowers totalFollowing totalStories totalProblems totalSolutions totalSkills }
`;

export interface PersonView {
  id: string;
  displayName: string;
  photoURL: string;
  role: string;
  bio: string | null;
  profileTags: string[];
  following: boolean;
  createdAt: string;
  counters: {
    totalFollowers: number;
    totalFollowing: number;
    totalStories: number;
    totalProblems: number;
    totalSolutions: number;
    totalSkills: number;
  };
}

export interface PersonPage {
  items: PersonView[];
  last: string | null;
}

export const PERSON = `query($id: ID!) { person(id: $id) { ${PERSON_FIELDS} } }`;
export const FOLLOW_USER = `mutation($userId: ID!) { followUser(userId: $userId) { ${PERSON_FIELDS} } }`;
export const UNFOLLOW_USER = `mutation($userId: ID!) { unfollowUser(userId: $userId) { ${PERSON_FIELDS} } }`;
export const FOLLOWERS = `query($userId: ID!, $first: Int, $after: String) {
  followers(userId: $userId, first: $first, after: $after) { items { ${PERSON_FIELDS} } last } }`;
export const FOLLOWING_PEOPLE = `query($userId: ID!, $first: Int, $after: String) {
  followingPeople(userId: $userId, first: $first, after: $after) { items { ${PERSON_FIELDS} } last } }`;
export const DIRECTORY = (
  directory: 'people' | 'orgs',
) => `query($query: String, $first: Int, $after: String) {
  ${directory}(query: $query, first: $first, after: $after) { items { ${PERSON_FIELDS} } last } }`;
export const COMMON = `query($userId: ID!) { common(userId: $userId) { spaces { id name } tags problems { id name } } }`;

/** The ids on a profile tab (`personStories`, `personProblems`, …) as `viewer` sees it. */
export const PROFILE_LIST = (field: string) => `query($userId: ID!, $first: Int, $after: String) {
  ${field}(userId: $userId, first: $first, after: $after) { items { id } last } }`;

/** `follower` follows `followee` over GraphQL; answers the followee as they now are. */
export async function follow(server: TestServer, follower: TestUser, followee: { id: string }) {
  const data = await gqlData<{ followUser: PersonView }>(
    server.url,
    FOLLOW_USER,
    { userId: followee.id },
    { token: follower.token },
  );
  return data.followUser;
}

/** A profile as `viewer` sees it (signed out without one). */
export async function profileOf(server: TestServer, id: string, viewer?: TestUser) {
  const data = await gqlData<{ person: PersonView }>(
    server.url,
    PERSON,
    { id },
    { token: viewer?.token },
  );
  return data.person;
}

/** The ids of every item on one profile tab, page by page, as `viewer` sees them. */
export async function profileListIds(
  server: TestServer,
  field: string,
  userId: string,
  viewer?: TestUser,
  first = 50,
): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  do {
    const data: Record<string, { items: { id: string }[]; last: string | null }> = await gqlData(
      server.url,
      PROFILE_LIST(field),
      { userId, first, after },
      { token: viewer?.token },
    );
    const page = data[field]!;
    ids.push(...page.items.map((item) => item.id));
    after = page.last;
  } while (after);
  return ids;
}
