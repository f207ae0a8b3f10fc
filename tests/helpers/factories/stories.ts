import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Stories posted over GraphQL, as a person posts them. */

/** Every field a story card shows, for GraphQL queries, mutations and subscriptions alike. */
export const STORY_FIELDS = `
  id story tags spaceId problemId problemName isAnonymousPost isDraft isApproved createdAt updatedAt canEdit
  author { id displayName photoURL role }
  counters { totalReactions totalComments }
`;

export interface StoryView {
  id: string;
  story: string;
  tags: string[];
  spaceId: string;
  /** The problem the story was posted to (its Stories tab), or null. */
  problemId: string | null;
  problemName: string | null;
  isAnonymousPost: boolean;
  isDraft: boolean;
  isApproved: boolean;
  createdAt: string;
  updatedAt: string;
  canEdit: boolean;
  author: { id: string; displayName: string; photoURL: string; role: string };
  counters: { totalReactions: number; totalComments: number };
}

export interface StoryPage {
  items: StoryView[];
  last: string | null;
}

export const STORY = `query($id: ID!) { story(id: $id) { ${STORY_FIELDS} } }`;
export const CREATE_STORY = `mutation CreateStory($input: CreateStoryInput!) { createStory(input: $input) { ${STORY_FIELDS} } }`;
export const UPDATE_STORY = `mutation($id: ID!, $input: UpdateStoryInput!) { updateStory(id: $id, input: $input) { ${STORY_FIELDS} } }`;
export const STORIES = `query Stories($list: StoryListKind, $spaceId: ID, $problemId: ID, $orderBy: StorySort,
  $timeRange: TimeRange, $startDate: DateTimeISO, $endDate: DateTimeISO, $tags: [String!], $after: String, $first: Int) {
  stories(list: $list, spaceId: $spaceId, problemId: $problemId, orderBy: $orderBy, timeRange: $timeRange,
    startDate: $startDate, endDate: $endDate, tags: $tags, after: $after, first: $first) {
    items { ${STORY_FIELDS} } last
  }
}`;

export interface StoryOptions {
  isAnonymousPost?: boolean;
  isDraft?: boolean;
  spaceId?: string;
  problemId?: string;
}

/** Posts a story over GraphQL as `user`; fails the test if the server refuses it. */
export async function postStory(
  server: TestServer,
  user: TestUser,
  html: string,
  options: StoryOptions = {},
) {
  const data = await gqlData<{ createStory: StoryView }>(
    server.url,
    CREATE_STORY,
    { input: { story: html, ...options } },
    { token: user.token },
  );
  return data.createStory;
}

/** One page of a story list as `token` sees it (signed out without one). */
export async function listStories(
  server: TestServer,
  options: {
    token?: string;
    list?: 'recent' | 'mystories' | 'mydrafts' | 'anonymous';
    first?: number;
    after?: string;
  } = {},
) {
  const { token, ...variables } = options;
  const data = await gqlData<{ stories: StoryPage }>(
    server.url,
    STORIES,
    { first: 100, ...variables },
    { token },
  );
  return data.stories;
}

/** The ids of one page of stories, for any list, filter and sort the stories query takes. */
export async function storyIds(
  server: TestServer,
  variables: Record<string, unknown>,
  token?: string,
) {
  const data = await gqlData<{ stories: StoryPage }>(
    server.url,
    STORIES,
    { first: 100, ...variables },
    { token },
  );
  return data.stories.items.map((story) => story.id);
}
