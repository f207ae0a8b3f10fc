import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@rules';
import { gqlData, gqlError, rest } from '../helpers/clients';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { DESCRIPTION, postProblem } from '../helpers/problems-factories';
import { postSkill, postSolution } from '../helpers/solutions-factories';
import { createPrivateSpace } from '../helpers/spaces-factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Creating problems, solutions, skills and private spaces is limited per person (stories have
 * their own test in stories.test.ts): the post after the limit is refused with 429 over REST and
 * RATE_LIMITED over GraphQL, stores nothing, and leaves other people free to post.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

interface Case {
  kind: string;
  limit: { max: number; windowSeconds: number };
  create(user: TestUser, index: number): Promise<unknown>;
  mutation: string;
  input: Record<string, unknown>;
  restPath: string;
  mine: string;
}

const CASES: Case[] = [
  {
    kind: 'problems',
    limit: RATE_LIMITS.problemCreate,
    create: (user, index) => postProblem(server, user.token, `Problem number ${index}`),
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
    create: (user, index) => createPrivateSpace(server, user, { name: `Committee ${index}` }),
    mutation: `mutation($input: CreateSpaceInput!) { createSpace(input: $input) { id } }`,
    input: { name: 'One space too many', description: 'Too many', isPrivate: true },
    restPath: '/api/spaces',
    mine: `{ list: mySpaces(first: 100) { items { id } } }`,
  },
];

describe.each(CASES)('creating $kind', (entry) => {
  it(`refuses the one after ${entry.limit.max} within the hour and stores nothing`, async () => {
    const prolific = await signUpVerified(server);
    for (let i = 0; i < entry.limit.max; i += 1) await entry.create(prolific, i);
    const mine = async (user: TestUser) =>
      (
        await gqlData<{ list: { items: unknown[] } }>(
          server.url,
          entry.mine,
          {},
          { token: user.token },
        )
      ).list.items.length;
    const before = await mine(prolific);
    expect(before).toBeGreaterThanOrEqual(entry.limit.max);

    const message = `Too many attempts. Please try again in ${entry.limit.windowSeconds / 60} minutes.`;
    expect(
      await gqlError(server.url, entry.mutation, { input: entry.input }, { token: prolific.token }),
    ).toMatchObject({ code: 'RATE_LIMITED', message });
    const overRest = await rest(
      server.url,
      'POST',
      entry.restPath,
      { data: entry.input },
      prolific.token,
    );
    expect(overRest.status).toBe(429);
    expect(overRest.body).toEqual({
      success: false,
      error: { code: 'RATE_LIMITED', message, field: null },
    });
    expect(overRest.headers.get('retry-after')).toBe(String(entry.limit.windowSeconds));
    expect(await mine(prolific)).toBe(before);

    // The limit is this person's: someone else still posts.
    const other = await signUpVerified(server);
    await entry.create(other, 0);
    expect(await mine(other)).toBeGreaterThan(0);
  });
});
