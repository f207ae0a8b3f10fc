import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@rules';
import { gql, gqlData, rest } from '../helpers/clients';
import {
  postStory,
  signUpVerified,
  type TestUser,
  DESCRIPTION,
  postProblem,
  postSkill,
  postSolution,
  createPrivateSpace,
} from '../helpers/factories';
import { expectRateLimited } from '../helpers/refusals';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Creating stories, problems, solutions, skills and private spaces is limited per person. A script
 * sending many posts at once gets exactly the limit stored: the rest are refused with
 * RATE_LIMITED over GraphQL (with the seconds to wait) and 429 over REST (with Retry-After), and
 * other people stay free to post.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Sixty posts at once queue on one PGlite connection, on a two-core machine others share. */
const PARALLEL_TIMEOUT_MS = 90_000;

interface Case {
  kind: string;
  limit: { max: number; windowSeconds: number };
  create(user: TestUser): Promise<unknown>;
  mutation: string;
  input: Record<string, unknown>;
  restPath: string;
  mine: string;
}

const CASES: Case[] = [
  {
    kind: 'stories',
    limit: RATE_LIMITS.storyCreate,
    create: (user) => postStory(server, user, '<p>A first story #busy</p>'),
    mutation: `mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }`,
    input: { story: '<p>One story too many #busy</p>' },
    restPath: '/api/stories',
    mine: `{ list: stories(list: mystories, first: 100) { items { id } } }`,
  },
  {
    kind: 'problems',
    limit: RATE_LIMITS.problemCreate,
    create: (user) => postProblem(server, user, 'A first problem'),
    mutation: `mutation($input: CreateProblemInput!) { createProblem(input: $input) { id } }`,
    input: { name: 'One problem too many', description: DESCRIPTION },
    restPath: '/api/problems',
    mine: `{ list: problems(list: myproblems, first: 100) { items { id } } }`,
  },
  {
    kind: 'solutions',
    limit: RATE_LIMITS.solutionCreate,
    create: (user) => postSolution(server, user),
    mutation: `mutation($input: CreateSolutionInput!) { createSolution(input: $input) { id } }`,
    input: { name: 'One solution too many', description: DESCRIPTION },
    restPath: '/api/solutions',
    mine: `{ list: solutions(list: mysolutions, first: 100) { items { id } } }`,
  },
  {
    kind: 'skills',
    limit: RATE_LIMITS.skillCreate,
    create: (user) => postSkill(server, user),
    mutation: `mutation($input: CreateSkillInput!) { createSkill(input: $input) { id } }`,
    input: { name: 'One skill too many', description: DESCRIPTION },
    restPath: '/api/skills',
    mine: `{ list: skills(list: myskills, first: 100) { items { id } } }`,
  },
  {
    kind: 'private spaces',
    limit: RATE_LIMITS.spaceCreate,
    create: (user) => createPrivateSpace(server, user, { name: 'Committee' }),
    mutation: `mutation($input: CreateSpaceInput!) { createSpace(input: $input) { id } }`,
    input: { name: 'One space too many', description: 'Too many', isPrivate: true },
    restPath: '/api/spaces',
    mine: `{ list: mySpaces(first: 100) { items { id } } }`,
  },
];

describe.each(CASES)('creating $kind', (entry) => {
  const { max, windowSeconds } = entry.limit;

  it(
    `stores exactly ${max} of ${max + 10} sent at once and refuses the rest with the time to wait`,
    async () => {
      const prolific = await signUpVerified(server);
      const answers = await Promise.all(
        Array.from({ length: max + 10 }, () =>
          gql(server.url, entry.mutation, { input: entry.input }, { token: prolific.token }),
        ),
      );
      const refused = answers.flatMap(({ errors }) => errors ?? []);
      expect(answers.length - refused.length).toBe(max);
      expect(refused).toHaveLength(10);
      const message = `Too many attempts. Please try again in ${windowSeconds / 60} minutes.`;
      for (const error of refused) {
        expect(error).toMatchObject({ message, extensions: { code: 'RATE_LIMITED' } });
        expect(error.extensions?.retryAfterSeconds).toBeLessThanOrEqual(windowSeconds);
        expect(error.extensions?.retryAfterSeconds).toBeGreaterThan(windowSeconds - 60);
      }
      const mine = async (user: TestUser) =>
        (
          await gqlData<{ list: { items: unknown[] } }>(
            server.url,
            entry.mine,
            {},
            { token: user.token },
          )
        ).list.items.length;
      expect(await mine(prolific)).toBe(max);

      const overRest = await rest(
        server.url,
        'POST',
        entry.restPath,
        { data: entry.input },
        prolific.token,
      );
      expectRateLimited(overRest, message, windowSeconds);
      expect(await mine(prolific)).toBe(max);

      // The limit is this person's: someone else still posts.
      const other = await signUpVerified(server);
      await entry.create(other);
      expect(await mine(other)).toBe(1);
    },
    PARALLEL_TIMEOUT_MS,
  );
});
