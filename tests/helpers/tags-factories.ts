import { randomUUID } from 'node:crypto';
import { spaceParticipants, spaces } from '../../server/src/db/schema';
import { problems, solutions } from '../../server/src/db/schema';
import { syncTagCounters } from '../../server/src/modules/tags/tag-counters';
import { gqlData } from './clients';
import { STORY_FIELDS, type StoryView } from './factories';
import type { TestServer } from './server';

/**
 * Tag, feed and dashboard test data. Private spaces, participants, problems and solutions are
 * inserted directly through the server's database (their APIs are built elsewhere), with the tag
 * counters kept as the product keeps them.
 */

type ParticipantStatus = 'owner' | 'admin' | 'contributor' | 'invited' | 'requested' | 'blocked';

export async function insertPrivateSpace(
  server: TestServer,
  owner: { id: string },
  members: { user: { id: string }; status: ParticipantStatus }[] = [],
) {
  const id = `private-${randomUUID().slice(0, 8)}`;
  await server.deps.db.insert(spaces).values({
    id,
    name: `Private ${id}`,
    kind: 'private',
    isPrivate: true,
    authorId: owner.id,
  });
  await server.deps.db.insert(spaceParticipants).values([
    { spaceId: id, userId: owner.id, status: 'owner' },
    ...members.map(({ user, status }) => ({
      spaceId: id,
      userId: user.id,
      status,
    })),
  ]);
  return id;
}

export interface PostRowOptions {
  spaceId?: string;
  tags?: string[];
  isDraft?: boolean;
  isAnonymousPost?: boolean;
  isApproved?: boolean;
  name?: string;
}

const listed = (options: PostRowOptions) =>
  !options.isDraft && (options.isApproved ?? !options.isAnonymousPost);

export async function insertProblem(
  server: TestServer,
  author: { id: string },
  options: PostRowOptions = {},
) {
  const id = randomUUID();
  const spaceId = options.spaceId ?? 'ww';
  const tags = options.tags ?? [];
  await server.deps.db.transaction(async (tx) => {
    await tx.insert(problems).values({
      id,
      spaceId,
      authorId: author.id,
      name: options.name ?? `Problem ${id.slice(0, 6)}`,
      description: `<p>About ${tags.map((tag) => `#${tag}`).join(' ')}</p>`,
      tags,
      isDraft: options.isDraft ?? false,
      isAnonymousPost: options.isAnonymousPost ?? false,
      isApproved: options.isApproved ?? !options.isAnonymousPost,
    });
    await syncTagCounters(tx, 'problems', null, {
      spaceId,
      tags,
      listed: listed(options),
    });
  });
  return id;
}

export async function insertSolution(
  server: TestServer,
  author: { id: string },
  options: PostRowOptions = {},
) {
  const id = randomUUID();
  const spaceId = options.spaceId ?? 'ww';
  const tags = options.tags ?? [];
  await server.deps.db.transaction(async (tx) => {
    await tx.insert(solutions).values({
      id,
      spaceId,
      authorId: author.id,
      name: options.name ?? `Solution ${id.slice(0, 6)}`,
      description: `<p>Fix ${tags.map((tag) => `#${tag}`).join(' ')}</p>`,
      tags,
      isDraft: options.isDraft ?? false,
      isAnonymousPost: options.isAnonymousPost ?? false,
      isApproved: options.isApproved ?? !options.isAnonymousPost,
    });
    await syncTagCounters(tx, 'solutions', null, {
      spaceId,
      tags,
      listed: listed(options),
    });
  });
  return id;
}

export const PROBLEM_STORY_FIELDS = `${STORY_FIELDS} problemId problemName`;
export type ProblemStoryView = StoryView & {
  problemId: string | null;
  problemName: string | null;
};

export const CREATE_STORY_ON = `mutation($input: CreateStoryInput!) { createStory(input: $input) { ${PROBLEM_STORY_FIELDS} } }`;

/** Posts a story over GraphQL (to a problem with `problemId`). */
export async function postStoryTo(
  server: TestServer,
  token: string,
  html: string,
  input: {
    problemId?: string;
    spaceId?: string;
    isDraft?: boolean;
    isAnonymousPost?: boolean;
  } = {},
) {
  const data = await gqlData<{ createStory: ProblemStoryView }>(
    server.url,
    CREATE_STORY_ON,
    { input: { story: html, ...input } },
    { token },
  );
  return data.createStory;
}

export const STORY_LIST = `query($list: StoryListKind, $spaceId: ID, $problemId: ID, $orderBy: StorySort, $timeRange: TimeRange,
  $startDate: DateTimeISO, $endDate: DateTimeISO, $tags: [String!], $after: String, $first: Int) {
  stories(list: $list, spaceId: $spaceId, problemId: $problemId, orderBy: $orderBy, timeRange: $timeRange,
    startDate: $startDate, endDate: $endDate, tags: $tags, after: $after, first: $first) {
    items { ${PROBLEM_STORY_FIELDS} } last
  }
}`;

export async function storyIds(
  server: TestServer,
  variables: Record<string, unknown>,
  token?: string,
) {
  const data = await gqlData<{
    stories: { items: ProblemStoryView[]; last: string | null };
  }>(server.url, STORY_LIST, { first: 100, ...variables }, { token });
  return data.stories.items.map((story) => story.id);
}
