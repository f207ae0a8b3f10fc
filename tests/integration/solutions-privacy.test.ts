import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceParticipants } from '../../server/src/db/schema';
import { gql, rest } from '../helpers/clients';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  SOLUTION,
  SOLUTIONS,
  insertPrivateSpace,
  insertProblem,
  insertVote,
  postSkill,
  postSolution,
  type SkillView,
  type SolutionView,
} from '../helpers/solutions-factories';

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
  space = await insertPrivateSpace(server, owner, [
    { user: participant, status: 'contributor' },
    { user: invited, status: 'invited' },
  ]);
  problemId = await insertProblem(server, owner, { spaceId: space });
  solution = await postSolution(server, participant, {
    problemId,
    description: '<p>Secret fix with #hidden tag</p>',
  });
  skill = await postSkill(server, owner, { spaceId: space });
  await insertVote(server, participant, solution.id, 'up');
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
      participant.token,
    );
    expect(mine.body.items.map((item) => item.id)).toEqual([solution.id]);
  });

  it('hides a solution from its own author once they leave the space, in my solutions too', async () => {
    const leaver = await signUpVerified(server, { displayName: 'Leaver' });
    await server.deps.db
      .insert(spaceParticipants)
      .values({ spaceId: space, userId: leaver.id, status: 'contributor' });
    const own = await postSolution(server, leaver, { spaceId: space });
    await server.deps.db
      .update(spaceParticipants)
      .set({ status: 'blocked' })
      .where(and(eq(spaceParticipants.spaceId, space), eq(spaceParticipants.userId, leaver.id)));
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
