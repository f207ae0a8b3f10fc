import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSolutions, skillMembers, skills, solutions } from '../../server/src/db/schema';
import { gql, gqlData, rest, subscribe } from '../helpers/clients';
import {
  signUpVerified,
  type TestUser,
  addParticipant,
  setStatus,
  SOLUTION,
  SOLUTIONS,
  createPrivateSpace,
  insertProblem,
  vote,
  postSkill,
  postSolution,
  type SkillView,
  type SolutionView,
} from '../helpers/factories';
import { refusedAsMissing } from '../helpers/refusals';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The privacy matrix of solutions and skills in a private space: an active participant sees
 * them; a non-participant, an invited user (not yet accepted) and a signed-out visitor get
 * NOT_FOUND for gets and nothing in lists, over GraphQL and REST alike.
 */
let server: TestServer;
let owner: TestUser;
let participant: TestUser;
let invited: TestUser;
let outsider: TestUser;
let space: string;
let problemId: string;
let solution: SolutionView;
let skill: SkillView;

beforeAll(async () => {
  server = await startTestServer();
  [owner, participant, invited, outsider] = await Promise.all([
    signUpVerified(server, { displayName: 'Owner' }),
    signUpVerified(server, { displayName: 'Participant' }),
    signUpVerified(server, { displayName: 'Invited' }),
    signUpVerified(server, { displayName: 'Outsider' }),
  ]);
  space = (
    await createPrivateSpace(server, owner, {
      members: [
        { user: participant, status: 'contributor' },
        { user: invited, status: 'invited' },
      ],
    })
  ).id;
  problemId = await insertProblem(server, owner, { spaceId: space });
  solution = await postSolution(server, participant, {
    problemId,
    description: '<p>Secret fix with #hidden tag</p>',
  });
  skill = await postSkill(server, owner, { spaceId: space });
  await vote(server, owner, solution.id, 'up');
});
afterAll(async () => {
  await server?.stop();
});

const viewers = () => ({
  participant: participant.token,
  invited: invited.token,
  outsider: outsider.token,
  signedOut: undefined,
});

async function canSee(token: string | undefined) {
  const get = await gql<{ solution: { id: string } }>(
    server.url,
    SOLUTION,
    { id: solution.id },
    { token },
  );
  const problemList = await gql<{ solutions: { items: { id: string }[] } }>(
    server.url,
    SOLUTIONS,
    { problemId },
    { token },
  );
  const spaceList = await gql<{ solutions: { items: { id: string }[] } }>(
    server.url,
    SOLUTIONS,
    { spaceId: space },
    { token },
  );
  const restGet = await rest(
    server.url,
    'GET',
    `/api/get/v2?path=solutions/${solution.id}`,
    undefined,
    token,
  );
  const restNested = await rest(
    server.url,
    'GET',
    `/api/get/v2?path=problems/${problemId}/solutions/${solution.id}`,
    undefined,
    token,
  );
  const restList = await rest<{ items?: unknown[] }>(
    server.url,
    'GET',
    `/api/list/v2?path=solutions&spaceId=${space}`,
    undefined,
    token,
  );
  const skillGet = await rest(
    server.url,
    'GET',
    `/api/get/v2?path=skills/${skill.id}`,
    undefined,
    token,
  );
  const skillList = await rest<{ items?: unknown[] }>(
    server.url,
    'GET',
    `/api/list/v2?path=skills&spaceId=${space}`,
    undefined,
    token,
  );
  return {
    get: get.data?.solution.id === solution.id ? 'seen' : get.errors?.[0]?.extensions?.code,
    problemList: problemList.data
      ? problemList.data.solutions.items.length
      : problemList.errors?.[0]?.extensions?.code,
    spaceList: spaceList.data
      ? spaceList.data.solutions.items.length
      : spaceList.errors?.[0]?.extensions?.code,
    restGet: restGet.status,
    restNested: restNested.status,
    restList: restList.status === 200 ? restList.body.items?.length : restList.status,
    skillGet: skillGet.status,
    skillList: skillList.status === 200 ? skillList.body.items?.length : skillList.status,
  };
}

describe('solutions and skills of a private space', () => {
  it('are visible to an active participant', async () => {
    expect(await canSee(participant.token)).toEqual({
      get: 'seen',
      problemList: 1,
      spaceList: 1,
      restGet: 200,
      restNested: 200,
      restList: 1,
      skillGet: 200,
      skillList: 1,
    });
  });

  for (const who of ['invited', 'outsider', 'signedOut'] as const) {
    it(`are NOT_FOUND for ${who === 'signedOut' ? 'a signed-out visitor' : `an ${who} user`}, in lists and gets alike`, async () => {
      expect(await canSee(viewers()[who])).toEqual({
        get: 'NOT_FOUND',
        problemList: 'NOT_FOUND',
        spaceList: 'NOT_FOUND',
        restGet: 404,
        restNested: 404,
        restList: 404,
        skillGet: 404,
        skillList: 404,
      });
    });
  }

  it('refuses a non-participant who links a solution to the private problem, as not found', async () => {
    const own = await postSolution(server, outsider);
    const response = await rest(
      server.url,
      'POST',
      `/api/solutions/${own.id}/linkSolutions`,
      { problemIds: [problemId] },
      outsider.token,
    );
    expect(response.status).toBe(404);
    const invitedOwn = await postSolution(server, invited);
    const byInvited = await rest(
      server.url,
      'POST',
      `/api/solutions/${invitedOwn.id}/linkSolutions`,
      { problemIds: [problemId] },
      invited.token,
    );
    expect(byInvited.status).toBe(404);
  });

  it('refuses anyone outside to post under the private problem or read its upvoted solutions', async () => {
    for (const token of [invited.token, outsider.token]) {
      const response = await rest(
        server.url,
        'POST',
        '/api/solutions',
        {
          data: { name: 'Intruder', description: '<p>Trying to get in</p>' },
          problemId,
        },
        token,
      );
      expect(response.status).toBe(404);
      const upvoted = await rest(
        server.url,
        'GET',
        `/api/solutions/${problemId}/upvotedSolutions`,
        undefined,
        token,
      );
      expect(upvoted.status).toBe(404);
    }
    const mine = await rest<{ items: { id: string }[] }>(
      server.url,
      'GET',
      `/api/solutions/${problemId}/upvotedSolutions`,
      undefined,
      owner.token,
    );
    expect(mine.body.items.map((item) => item.id)).toEqual([solution.id]);
  });

  it('hides a solution from its own author once they leave the space, in my solutions too', async () => {
    const leaver = await signUpVerified(server, { displayName: 'Leaver' });
    await addParticipant(server, owner, space, leaver);
    const own = await postSolution(server, leaver, { spaceId: space });
    await setStatus(server, owner, space, leaver, 'blocked');
    const get = await gql(server.url, SOLUTION, { id: own.id }, { token: leaver.token });
    expect(get.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const mine = await gql<{ solutions: { items: { id: string }[] } }>(
      server.url,
      SOLUTIONS,
      { list: 'mysolutions' },
      { token: leaver.token },
    );
    expect(mine.data?.solutions.items).toEqual([]);
  });
});

/**
 * Someone who posted solutions and skills in a private space and was then blocked reads none of
 * it, so they change none of it: every write answers NOT_FOUND (404 over REST), changes nothing,
 * and nothing reaches the members live.
 */
describe('a participant blocked after posting solutions and skills in the private space', () => {
  let poster: TestUser;
  let blockedSpace: string;
  let problems: string[];
  let posted: SolutionView;
  let draft: SolutionView;
  let ownSkill: SkillView;
  let ownersSkill: SkillView;

  const rowsOf = async () => ({
    solutions: await server.deps.db
      .select()
      .from(solutions)
      .where(eq(solutions.spaceId, blockedSpace))
      .orderBy(solutions.id),
    links: await server.deps.db
      .select({ problemId: problemSolutions.problemId, solutionId: problemSolutions.solutionId })
      .from(problemSolutions)
      .where(eq(problemSolutions.solutionId, posted.id))
      .orderBy(problemSolutions.problemId),
    skills: await server.deps.db
      .select()
      .from(skills)
      .where(eq(skills.spaceId, blockedSpace))
      .orderBy(skills.id),
    members: await server.deps.db
      .select({ skillId: skillMembers.skillId, userId: skillMembers.userId })
      .from(skillMembers)
      .where(eq(skillMembers.userId, poster.id))
      .orderBy(skillMembers.skillId),
  });

  beforeAll(async () => {
    poster = await signUpVerified(server, { displayName: 'Poster' });
    blockedSpace = (
      await createPrivateSpace(server, owner, {
        members: [{ user: poster, status: 'contributor' }],
      })
    ).id;
    problems = await Promise.all(
      [1, 2, 3].map(() => insertProblem(server, owner, { spaceId: blockedSpace })),
    );
    posted = await postSolution(server, poster, { problemId: problems[0] });
    await gqlData(
      server.url,
      `mutation($s: ID!, $p: [ID!]!) { linkSolution(solutionId: $s, problemIds: $p) { id } }`,
      { s: posted.id, p: [problems[1]] },
      { token: poster.token },
    );
    draft = await postSolution(server, poster, { spaceId: blockedSpace, isDraft: true });
    ownSkill = await postSkill(server, poster, { spaceId: blockedSpace });
    ownersSkill = await postSkill(server, owner, { spaceId: blockedSpace });
    await gqlData(
      server.url,
      `mutation($id: ID!) { joinSkill(id: $id) { id } }`,
      { id: ownersSkill.id },
      { token: poster.token },
    );
    await setStatus(server, owner, blockedSpace, poster, 'blocked');
  });

  const { graphql: notFound, rest: restNotFound } = refusedAsMissing(() => ({
    server,
    token: poster.token,
  }));
  const UPDATE_SOLUTION = `mutation($id: ID!, $input: UpdateSolutionInput!) { updateSolution(id: $id, input: $input) { id } }`;

  it('cannot edit, publish or delete their own solutions there, and members receive nothing live', async () => {
    const before = await rowsOf();
    const live = await subscribe<{ solutionAdded: { id: string } }>(
      server.url,
      `subscription($s: ID) { solutionAdded(spaceId: $s) { id } }`,
      { s: blockedSpace },
      { token: owner.token },
    );
    try {
      await notFound(UPDATE_SOLUTION, { id: posted.id, input: { name: 'Renamed from outside' } });
      await notFound(UPDATE_SOLUTION, { id: draft.id, input: { isDraft: false } });
      await notFound(`mutation($id: ID!) { deleteSolution(id: $id) }`, { id: posted.id });
      await restNotFound('PATCH', `/api/solutions/${posted.id}`, { data: { name: 'Renamed' } });
      await restNotFound('PATCH', `/api/solutions/${draft.id}`, { data: { isDraft: false } });
      await restNotFound('DELETE', `/api/solutions/${posted.id}`);
      expect(await rowsOf()).toEqual(before);
      // Events arrive in order: a solution the refused writes published would come before this one.
      const marker = await postSolution(server, owner, { spaceId: blockedSpace });
      expect((await live.take(1)).map((added) => added.solutionAdded.id)).toEqual([marker.id]);
      await gqlData(
        server.url,
        `mutation($id: ID!) { deleteSolution(id: $id) }`,
        { id: marker.id },
        {
          token: owner.token,
        },
      );
    } finally {
      await live.close();
    }
  });

  it('cannot link their solution to the space’s problems or unlink it', async () => {
    const before = await rowsOf();
    await notFound(
      `mutation($s: ID!, $p: [ID!]!) { linkSolution(solutionId: $s, problemIds: $p) { id } }`,
      { s: posted.id, p: [problems[2]] },
    );
    await notFound(
      `mutation($s: ID!, $p: ID!) { unlinkSolution(solutionId: $s, problemId: $p) { id } }`,
      { s: posted.id, p: problems[1] },
    );
    await restNotFound('POST', `/api/solutions/${posted.id}/linkSolutions`, {
      problemIds: [problems[2]],
    });
    expect(await rowsOf()).toEqual(before);
  });

  it('cannot edit, delete, join or leave skills there', async () => {
    const before = await rowsOf();
    await notFound(
      `mutation($id: ID!, $input: UpdateSkillInput!) { updateSkill(id: $id, input: $input) { id } }`,
      { id: ownSkill.id, input: { name: 'Renamed from outside' } },
    );
    await notFound(`mutation($id: ID!) { deleteSkill(id: $id) }`, { id: ownSkill.id });
    await notFound(`mutation($id: ID!) { leaveSkill(id: $id) { id } }`, { id: ownersSkill.id });
    await notFound(`mutation($id: ID!) { joinSkill(id: $id) { id } }`, { id: ownersSkill.id });
    await restNotFound('PATCH', `/api/skills/${ownSkill.id}`, { data: { name: 'Renamed' } });
    await restNotFound('DELETE', `/api/skills/${ownSkill.id}`);
    await restNotFound('POST', `/api/skills/${ownersSkill.id}/leave`, {});
    await restNotFound('POST', `/api/skills/${ownersSkill.id}/join`, {});
    expect(await rowsOf()).toEqual(before);
  });
});
