import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems, skills, solutions, stories } from '../../server/src/db/schema';
import { gqlData, rest } from '../helpers/clients';
import {
  addParticipant,
  createPrivateSpace,
  postProblem,
  postSkill,
  postSolution,
  postStory,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { COMMON, profileListIds, profileOf } from '../helpers/factories/people';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * A profile shows what its visitor may read: a private space's posts only to its active
 * participants, and an anonymous post to nobody (its author included), even once approved.
 */
let server: TestServer;
let author: TestUser;
let member: TestUser;
let outsider: TestUser;
let spaceId: string;
const publicIds = { story: '', problem: '', solution: '', skill: '' };
const privateIds = { story: '', problem: '', solution: '', skill: '' };
const anonymousIds = { story: '', problem: '', solution: '', skill: '' };

const TABS = {
  story: 'personStories',
  problem: 'personProblems',
  solution: 'personSolutions',
  skill: 'personSkills',
} as const;

beforeAll(async () => {
  server = await startTestServer();
  [author, member, outsider] = await Promise.all([
    signUpVerified(server, { displayName: 'Author' }),
    signUpVerified(server, { displayName: 'Member' }),
    signUpVerified(server, { displayName: 'Outsider' }),
  ]);
  const space = await createPrivateSpace(server, author, { name: 'Village council' });
  spaceId = space.id;
  await addParticipant(server, author, spaceId, member);

  const publicProblem = await postProblem(server, author, 'Public problem');
  publicIds.problem = publicProblem.id;
  publicIds.story = (await postStory(server, author, '<p>Open #water</p>')).id;
  publicIds.solution = (await postSolution(server, author, { problemId: publicProblem.id })).id;
  publicIds.skill = (await postSkill(server, author)).id;

  const privateProblem = await postProblem(server, author, 'Council problem', { spaceId });
  privateIds.problem = privateProblem.id;
  privateIds.story = (await postStory(server, author, '<p>Closed #water</p>', { spaceId })).id;
  privateIds.solution = (await postSolution(server, author, { problemId: privateProblem.id })).id;
  privateIds.skill = (await postSkill(server, author, { spaceId })).id;

  const anonymousProblem = await postProblem(server, author, 'Nameless problem', {
    isAnonymousPost: true,
  });
  anonymousIds.problem = anonymousProblem.id;
  anonymousIds.story = (
    await postStory(server, author, '<p>Quiet #water</p>', { isAnonymousPost: true })
  ).id;
  anonymousIds.solution = (
    await postSolution(server, author, { problemId: publicProblem.id, isAnonymousPost: true })
  ).id;
  anonymousIds.skill = (await postSkill(server, author, { isAnonymousPost: true })).id;
  // Approval is a moderator's step: approved anonymous posts are listed everywhere else.
  const db = server.deps.db;
  await db
    .update(stories)
    .set({ isApproved: true })
    .where(inArray(stories.id, [anonymousIds.story]));
  await db
    .update(problems)
    .set({ isApproved: true })
    .where(inArray(problems.id, [anonymousIds.problem]));
  await db
    .update(solutions)
    .set({ isApproved: true })
    .where(inArray(solutions.id, [anonymousIds.solution]));
  await db
    .update(skills)
    .set({ isApproved: true })
    .where(inArray(skills.id, [anonymousIds.skill]));
});
afterAll(async () => {
  await server?.stop();
});

const kinds = Object.keys(TABS) as (keyof typeof TABS)[];

describe.each([
  ['a signed-out visitor', () => undefined],
  ['someone outside the private space', () => outsider],
])('the profile as %s', (_name, viewer) => {
  it.each(kinds)('lists only the public %s', async (kind) => {
    expect(await profileListIds(server, TABS[kind], author.id, viewer())).toEqual([
      publicIds[kind],
    ]);
  });

  it('counts only the public posts', async () => {
    expect((await profileOf(server, author.id, viewer())).counters).toMatchObject({
      totalStories: 1,
      totalProblems: 1,
      totalSolutions: 1,
      totalSkills: 1,
    });
  });

  it('shows no private problem on the Solving tab, nor over REST', async () => {
    expect(await profileListIds(server, 'personSolving', author.id, viewer())).toEqual([
      publicIds.problem,
    ]);
    const listed = await rest<{ items: { id: string }[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=users/${author.id}/problems`,
      undefined,
      viewer()?.token,
    );
    expect(listed.body.items.map((item) => item.id)).toEqual([publicIds.problem]);
  });
});

describe('the profile as a member of the private space', () => {
  it.each(kinds)('lists the public and the private %s, never the anonymous one', async (kind) => {
    const ids = await profileListIds(server, TABS[kind], author.id, member);
    expect(ids.sort()).toEqual([publicIds[kind], privateIds[kind]].sort());
  });

  it('counts the private posts too, and no anonymous one', async () => {
    expect((await profileOf(server, author.id, member)).counters).toMatchObject({
      totalStories: 2,
      totalProblems: 2,
      totalSolutions: 2,
      totalSkills: 2,
    });
  });

  it('shares the private space with its author on the Common tab', async () => {
    const data = await gqlData<{ common: { spaces: { id: string }[] } }>(
      server.url,
      COMMON,
      { userId: author.id },
      { token: member.token },
    );
    expect(data.common.spaces.map((space) => space.id)).toEqual([spaceId]);
  });
});

describe('anonymous posts', () => {
  it.each(kinds)('never put the anonymous %s on its author’s own profile', async (kind) => {
    expect(await profileListIds(server, TABS[kind], author.id, author)).not.toContain(
      anonymousIds[kind],
    );
  });

  it('never put an anonymous problem on its author’s Solving tab', async () => {
    expect(await profileListIds(server, 'personSolving', author.id, outsider)).not.toContain(
      anonymousIds.problem,
    );
  });
});
