import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOTE_FEEDBACK_MAX, VOTE_MESSAGES } from '@rules';
import { gql, gqlData, gqlError, rest } from '../helpers/clients';
import {
  createPrivateSpace,
  insertProblem,
  listSolutions,
  postSolution,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import {
  DOWNVOTE,
  MY_VOTE_FIELDS,
  RESET_VOTE,
  UPVOTE,
  VOTERS,
  resetVote,
  sendVote,
  vote,
  voteCounters,
  voters,
  type VoteState,
} from '../helpers/factories/votes';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let author: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [author, bob, carol] = await Promise.all([
    signUpVerified(server, { displayName: 'Author' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Carol' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const MY_VOTE = `query($id: ID!) { solution(id: $id) { ${MY_VOTE_FIELDS} } }`;
const mySolutionVote = async (user: TestUser | undefined, id: string) =>
  (await gqlData<{ solution: VoteState }>(server.url, MY_VOTE, { id }, { token: user?.token }))
    .solution;

describe('voting over GraphQL', () => {
  it('refuses every vote call signed out (UNAUTHENTICATED) and counts nothing', async () => {
    const solution = await postSolution(server, author);
    for (const [query, variables] of [
      [UPVOTE, { id: solution.id }],
      [DOWNVOTE, { id: solution.id, feedback: 'no' }],
      [RESET_VOTE, { id: solution.id }],
    ] as const) {
      expect(await gqlError(server.url, query, variables)).toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    }
    expect(await voteCounters(server, solution.id)).toEqual({ totalUpvotes: 0, totalDownvotes: 0 });
  });

  it('upvotes with feedback: upvoted, counted once, my vote with its time and feedback', async () => {
    const solution = await postSolution(server, author);
    const before = Date.now();
    const state = await vote(server, bob, solution.id, 'up', '  Worked for our village  ');
    expect(state).toEqual({
      id: solution.id,
      upvoted: true,
      downvoted: false,
      myVote: {
        direction: 'up',
        feedback: 'Worked for our village',
        upvotedWhen: expect.any(String),
        downvotedWhen: null,
      },
      counters: { totalUpvotes: 1, totalDownvotes: 0 },
    });
    expect(Date.parse(state.myVote!.upvotedWhen!)).toBeGreaterThanOrEqual(before - 1000);
    expect(await mySolutionVote(bob, solution.id)).toEqual(state);
    // Others see the count, not Bob's vote.
    expect(await mySolutionVote(carol, solution.id)).toMatchObject({
      upvoted: false,
      downvoted: false,
      myVote: null,
      counters: { totalUpvotes: 1, totalDownvotes: 0 },
    });
    expect(await mySolutionVote(undefined, solution.id)).toMatchObject({ myVote: null });
  });

  it('upvoting again changes no count; new feedback replaces the old, none keeps it', async () => {
    const solution = await postSolution(server, author);
    const first = await vote(server, bob, solution.id, 'up', 'Good');
    const again = await vote(server, bob, solution.id, 'up');
    expect(again).toEqual(first);
    const edited = await vote(server, bob, solution.id, 'up', 'Very good');
    expect(edited.myVote).toEqual({ ...first.myVote, feedback: 'Very good' });
    expect(edited.counters).toEqual({ totalUpvotes: 1, totalDownvotes: 0 });
    expect(await voteCounters(server, solution.id)).toEqual({ totalUpvotes: 1, totalDownvotes: 0 });
  });

  it('switching to a downvote clears the upvote and moves the count; the feedback is the new one', async () => {
    const solution = await postSolution(server, author);
    await vote(server, bob, solution.id, 'up', 'Looks right');
    await vote(server, carol, solution.id, 'up');
    const switched = await vote(server, bob, solution.id, 'down');
    expect(switched).toEqual({
      id: solution.id,
      upvoted: false,
      downvoted: true,
      myVote: {
        direction: 'down',
        feedback: '',
        upvotedWhen: null,
        downvotedWhen: expect.any(String),
      },
      counters: { totalUpvotes: 1, totalDownvotes: 1 },
    });
    const back = await vote(server, bob, solution.id, 'up', 'Changed my mind');
    expect(back).toMatchObject({
      upvoted: true,
      downvoted: false,
      myVote: { direction: 'up', feedback: 'Changed my mind' },
      counters: { totalUpvotes: 2, totalDownvotes: 0 },
    });
  });

  it('Reset Vote clears either vote and steps its count down; without a vote it changes nothing', async () => {
    const solution = await postSolution(server, author);
    await vote(server, bob, solution.id, 'down', 'Too costly');
    await vote(server, carol, solution.id, 'up');
    expect(await resetVote(server, bob, solution.id)).toEqual({
      id: solution.id,
      upvoted: false,
      downvoted: false,
      myVote: null,
      counters: { totalUpvotes: 1, totalDownvotes: 0 },
    });
    expect((await resetVote(server, bob, solution.id)).counters).toEqual({
      totalUpvotes: 1,
      totalDownvotes: 0,
    });
    expect((await resetVote(server, carol, solution.id)).counters).toEqual({
      totalUpvotes: 0,
      totalDownvotes: 0,
    });
    expect(await voters(server, solution.id, 'down', author.token)).toEqual({
      items: [],
      last: null,
    });
  });

  it(`refuses feedback over ${VOTE_FEEDBACK_MAX} characters with "${VOTE_MESSAGES.feedbackMax}" and changes nothing`, async () => {
    const solution = await postSolution(server, author);
    await vote(server, bob, solution.id, 'up', 'Kept');
    const tooLong = 'x'.repeat(VOTE_FEEDBACK_MAX + 1);
    for (const direction of ['up', 'down'] as const) {
      const refused = await sendVote(server, bob, solution.id, direction, tooLong);
      expect(refused.errors?.[0]).toMatchObject({
        message: 'Feedback must be at most 500 characters',
        extensions: { code: 'BAD_USER_INPUT', field: 'feedback' },
      });
    }
    expect(await mySolutionVote(bob, solution.id)).toMatchObject({
      myVote: { direction: 'up', feedback: 'Kept' },
      counters: { totalUpvotes: 1, totalDownvotes: 0 },
    });
    const longest = 'y'.repeat(VOTE_FEEDBACK_MAX);
    expect((await vote(server, carol, solution.id, 'down', longest)).myVote?.feedback).toBe(
      longest,
    );
  });

  it('refuses a vote on one’s own solution (FORBIDDEN, with a message saying why)', async () => {
    const solution = await postSolution(server, author);
    expect(
      await gqlError(server.url, UPVOTE, { id: solution.id }, { token: author.token }),
    ).toMatchObject({ code: 'FORBIDDEN', message: VOTE_MESSAGES.ownSolution });
    expect(
      await gqlError(server.url, DOWNVOTE, { id: solution.id }, { token: author.token }),
    ).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot vote on your own solution' });
    expect(await voteCounters(server, solution.id)).toEqual({ totalUpvotes: 0, totalDownvotes: 0 });
  });

  it('answers NOT_FOUND for a solution that does not exist or is someone else’s draft', async () => {
    const draft = await postSolution(server, author, { isDraft: true });
    for (const id of ['no-such-solution', draft.id]) {
      for (const query of [UPVOTE, DOWNVOTE, RESET_VOTE]) {
        expect(await gqlError(server.url, query, { id }, { token: bob.token })).toMatchObject({
          code: 'NOT_FOUND',
        });
      }
      expect(
        await gqlError(
          server.url,
          VOTERS,
          { solutionId: id, direction: 'up' },
          { token: bob.token },
        ),
      ).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('voters', () => {
  it('lists who voted each way, latest first, with feedback for the solution’s author only', async () => {
    const solution = await postSolution(server, author);
    const dave = await signUpVerified(server, { displayName: 'Dave', role: 'org' });
    await vote(server, bob, solution.id, 'up', 'Helped us');
    await vote(server, carol, solution.id, 'up');
    await vote(server, dave, solution.id, 'down', 'Too slow');

    const forAuthor = await voters(server, solution.id, 'up', author.token);
    expect(forAuthor).toEqual({
      items: [
        {
          id: carol.id,
          displayName: 'Carol',
          photoURL: '',
          role: 'person',
          when: expect.any(String),
          feedback: '',
        },
        {
          id: bob.id,
          displayName: 'Bob',
          photoURL: '',
          role: 'person',
          when: expect.any(String),
          feedback: 'Helped us',
        },
      ],
      last: null,
    });
    expect((await voters(server, solution.id, 'down', author.token)).items).toEqual([
      expect.objectContaining({ id: dave.id, role: 'org', feedback: 'Too slow' }),
    ]);
    for (const token of [bob.token, dave.token, undefined]) {
      const seen = await voters(server, solution.id, 'up', token);
      expect(seen.items.map((voter) => [voter.id, voter.feedback])).toEqual([
        [carol.id, null],
        [bob.id, null],
      ]);
    }
  });

  it('pages voters with a keyset cursor', async () => {
    const solution = await postSolution(server, author);
    await vote(server, bob, solution.id, 'up');
    await vote(server, carol, solution.id, 'up');
    const first = await voters(server, solution.id, 'up', undefined, { first: 1 });
    expect(first.items.map((voter) => voter.id)).toEqual([carol.id]);
    expect(first.last).toEqual(expect.any(String));
    const second = await voters(server, solution.id, 'up', undefined, {
      first: 1,
      after: first.last,
    });
    expect(second).toEqual({ items: [expect.objectContaining({ id: bob.id })], last: null });
  });
});

describe('viewer fields, sorts and upvoted solutions from real votes', () => {
  it('shows the viewer’s vote on solutions in lists (GraphQL and REST) and on REST get', async () => {
    const space = (
      await createPrivateSpace(server, author, { members: [{ user: bob, status: 'contributor' }] })
    ).id;
    const up = await postSolution(server, author, { spaceId: space });
    const down = await postSolution(server, author, { spaceId: space });
    const none = await postSolution(server, author, { spaceId: space });
    await vote(server, bob, up.id, 'up');
    await vote(server, bob, down.id, 'down');

    const listed = await listSolutions(server, { spaceId: space }, bob.token);
    expect(listed.items.map((item) => [item.id, item.upvoted, item.downvoted])).toEqual([
      [none.id, false, false],
      [down.id, false, true],
      [up.id, true, false],
    ]);
    const restList = await rest<{ items: { id: string; upvoted: boolean; downvoted: boolean }[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=solutions&spaceId=${space}`,
      undefined,
      bob.token,
    );
    expect(restList.body.items.map((item) => [item.id, item.upvoted, item.downvoted])).toEqual([
      [none.id, false, false],
      [down.id, false, true],
      [up.id, true, false],
    ]);
    const restGet = await rest<{ data: Record<string, unknown> }>(
      server.url,
      'GET',
      `/api/get/v2?path=solutions/${down.id}`,
      undefined,
      bob.token,
    );
    expect(restGet.body.data).toMatchObject({
      id: down.id,
      upvoted: false,
      downvoted: true,
      counters: expect.objectContaining({ totalUpvotes: 0, totalDownvotes: 1 }),
    });
  });

  it('sorts a space’s solutions by upvotes and by downvotes as people vote', async () => {
    const space = (
      await createPrivateSpace(server, author, {
        members: [
          { user: bob, status: 'contributor' },
          { user: carol, status: 'contributor' },
        ],
      })
    ).id;
    const [a, b, c] = [
      await postSolution(server, author, { spaceId: space }),
      await postSolution(server, author, { spaceId: space }),
      await postSolution(server, author, { spaceId: space }),
    ];
    await vote(server, bob, b.id, 'up');
    await vote(server, carol, b.id, 'up');
    await vote(server, bob, a.id, 'up');
    await vote(server, carol, c.id, 'down');
    await vote(server, bob, c.id, 'down');
    await vote(server, carol, a.id, 'down');
    const order = async (orderBy: string) =>
      (await listSolutions(server, { spaceId: space, orderBy }, bob.token)).items.map(
        (item) => item.id,
      );
    // Most votes first; equal counts newest id first (the keyset's tie-break).
    const byCount = (counts: [string, number][]) =>
      counts.sort(([idA, a], [idB, b]) => b - a || (idB > idA ? 1 : -1)).map(([id]) => id);
    expect(await order('upvotes')).toEqual([b.id, a.id, c.id]);
    expect(await order('downvotes')).toEqual([c.id, a.id, b.id]);
    // Bob switches b and a to downvotes and resets c.
    await vote(server, bob, b.id, 'down');
    await vote(server, bob, a.id, 'down');
    await resetVote(server, bob, c.id);
    expect(await order('upvotes')).toEqual(
      byCount([
        [a.id, 0],
        [b.id, 1],
        [c.id, 0],
      ]),
    );
    expect(await order('downvotes')).toEqual(
      byCount([
        [a.id, 2],
        [b.id, 1],
        [c.id, 1],
      ]),
    );
  });

  it('upvotedSolutions (GraphQL and REST) follow the viewer’s votes: the Leave Problem wizard’s list', async () => {
    const problemId = await insertProblem(server, author);
    const kept = await postSolution(server, author, { problemId });
    const switched = await postSolution(server, author, { problemId });
    await postSolution(server, author, { problemId });
    const UPVOTED = `query($problemId: ID!) { upvotedSolutions(problemId: $problemId) { id upvoted } }`;
    const upvoted = async () =>
      gqlData<{ upvotedSolutions: { id: string }[] }>(
        server.url,
        UPVOTED,
        { problemId },
        { token: bob.token },
      );
    expect(await upvoted()).toEqual({ upvotedSolutions: [] });
    await vote(server, bob, kept.id, 'up');
    await vote(server, bob, switched.id, 'up');
    await vote(server, carol, switched.id, 'up');
    expect((await upvoted()).upvotedSolutions.map((item) => item.id)).toEqual([
      switched.id,
      kept.id,
    ]);
    await vote(server, bob, switched.id, 'down');
    expect(await upvoted()).toEqual({ upvotedSolutions: [{ id: kept.id, upvoted: true }] });
    const restRow = await rest<{ items: { id: string; upvoted: boolean }[] }>(
      server.url,
      'GET',
      `/api/solutions/${problemId}/upvotedSolutions`,
      undefined,
      bob.token,
    );
    expect(restRow.body.items.map((item) => [item.id, item.upvoted])).toEqual([[kept.id, true]]);
    await resetVote(server, bob, kept.id);
    expect(await upvoted()).toEqual({ upvotedSolutions: [] });
  });

  it('takes a deleted account’s votes out of the counts', async () => {
    const solution = await postSolution(server, author);
    const leaver = await signUpVerified(server);
    await vote(server, leaver, solution.id, 'up');
    await vote(server, bob, solution.id, 'down');
    await gqlData(server.url, 'mutation { deleteAccount }', {}, { token: leaver.token });
    expect(await voteCounters(server, solution.id)).toEqual({ totalUpvotes: 0, totalDownvotes: 1 });
  });
});

describe('REST rows', () => {
  const voteState = (
    id: string,
    state: Partial<{ upvoted: boolean; downvoted: boolean; feedback: string }>,
    counters: { totalUpvotes: number; totalDownvotes: number },
  ) => ({
    success: true,
    data: {
      id,
      upvoted: state.upvoted ?? false,
      downvoted: state.downvoted ?? false,
      feedback: state.feedback ?? '',
      upvotedWhen: state.upvoted ? expect.any(String) : null,
      downvotedWhen: state.downvoted ? expect.any(String) : null,
      counters,
    },
  });

  it('answers 401 signed out on every vote row', async () => {
    const solution = await postSolution(server, author);
    for (const row of ['upvote', 'downvote', 'resetVote']) {
      const response = await rest(server.url, 'POST', `/api/votes/${row}`, {
        path: `solutions/${solution.id}`,
      });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('POST /votes/upvote, /votes/downvote and /votes/resetVote answer { success, data } with the vote and counters', async () => {
    const problemId = await insertProblem(server, author);
    const solution = await postSolution(server, author, { problemId });
    const up = await rest(
      server.url,
      'POST',
      '/api/votes/upvote',
      { path: `solutions/${solution.id}`, feedback: 'Nice' },
      bob.token,
    );
    expect(up.status).toBe(200);
    expect(up.body).toEqual(
      voteState(
        solution.id,
        { upvoted: true, feedback: 'Nice' },
        { totalUpvotes: 1, totalDownvotes: 0 },
      ),
    );
    const down = await rest(
      server.url,
      'POST',
      '/apiv1/votes/downvote',
      { path: `problems/${problemId}/solutions/${solution.id}` },
      bob.token,
    );
    expect(down.body).toEqual(
      voteState(solution.id, { downvoted: true }, { totalUpvotes: 0, totalDownvotes: 1 }),
    );
    const reset = await rest(
      server.url,
      'POST',
      '/api/votes/resetVote',
      { path: `solutions/${solution.id}` },
      bob.token,
    );
    expect(reset.body).toEqual(voteState(solution.id, {}, { totalUpvotes: 0, totalDownvotes: 0 }));
  });

  it('refuses long feedback with 422 and the message; a path that is not a solution is 404', async () => {
    const solution = await postSolution(server, author);
    const long = await rest(
      server.url,
      'POST',
      '/api/votes/upvote',
      { path: `solutions/${solution.id}`, feedback: 'z'.repeat(501) },
      bob.token,
    );
    expect(long.status).toBe(422);
    expect(long.body).toEqual({
      success: false,
      error: {
        code: 'BAD_USER_INPUT',
        message: 'Feedback must be at most 500 characters',
        field: 'feedback',
      },
    });
    for (const path of [`stories/${solution.id}`, 'solutions', 'solutions/nope', undefined, 42]) {
      const response = await rest(server.url, 'POST', '/api/votes/upvote', { path }, bob.token);
      expect(response.status).toBe(404);
    }
    expect(await voteCounters(server, solution.id)).toEqual({ totalUpvotes: 0, totalDownvotes: 0 });
  });

  it('GET /list/v2?path=solutions/{id}/upvotes and …/downvotes list the voters', async () => {
    const solution = await postSolution(server, author);
    await vote(server, bob, solution.id, 'up', 'Yes');
    await vote(server, carol, solution.id, 'down', 'No');
    const list = (direction: string, token?: string) =>
      rest<{ items: Record<string, unknown>[]; last: string | null }>(
        server.url,
        'GET',
        `/api/list/v2?path=solutions/${solution.id}/${direction}`,
        undefined,
        token,
      );
    expect((await list('upvotes', author.token)).body).toEqual({
      success: true,
      items: [
        {
          id: bob.id,
          displayName: 'Bob',
          photoURL: '',
          role: 'person',
          when: expect.any(String),
          feedback: 'Yes',
        },
      ],
      last: null,
      lastScannedWhen: null,
    });
    expect((await list('downvotes', bob.token)).body.items).toEqual([
      expect.objectContaining({ id: carol.id, feedback: null }),
    ]);
    expect((await list('sidevotes', author.token)).status).toBe(404);
  });
});

describe('privacy', () => {
  it('hides a private space’s solution from outsiders: votes, voters and resets are 404 / NOT_FOUND', async () => {
    const outsider = await signUpVerified(server);
    const space = (
      await createPrivateSpace(server, author, { members: [{ user: bob, status: 'contributor' }] })
    ).id;
    const solution = await postSolution(server, author, { spaceId: space });
    await vote(server, bob, solution.id, 'up', 'Members only');

    for (const query of [UPVOTE, DOWNVOTE, RESET_VOTE]) {
      expect(
        await gqlError(server.url, query, { id: solution.id }, { token: outsider.token }),
      ).toMatchObject({ code: 'NOT_FOUND' });
    }
    for (const token of [outsider.token, undefined]) {
      expect(
        await gqlError(server.url, VOTERS, { solutionId: solution.id, direction: 'up' }, { token }),
      ).toMatchObject({ code: 'NOT_FOUND' });
    }
    for (const row of ['upvote', 'downvote', 'resetVote']) {
      const response = await rest(
        server.url,
        'POST',
        `/api/votes/${row}`,
        { path: `solutions/${solution.id}` },
        outsider.token,
      );
      expect(response.status).toBe(404);
    }
    for (const direction of ['upvotes', 'downvotes']) {
      const response = await rest(
        server.url,
        'GET',
        `/api/list/v2?path=solutions/${solution.id}/${direction}`,
        undefined,
        outsider.token,
      );
      expect(response.status).toBe(404);
    }
    expect(await voteCounters(server, solution.id)).toEqual({ totalUpvotes: 1, totalDownvotes: 0 });
    expect((await voters(server, solution.id, 'up', bob.token)).items).toEqual([
      expect.objectContaining({ id: bob.id, feedback: null }),
    ]);
  });
});

describe('concurrency', () => {
  let crowd: TestUser[];
  beforeAll(async () => {
    crowd = await Promise.all(Array.from({ length: 50 }, () => signUpVerified(server)));
  }, 120_000);

  it('counts 50 people upvoting at once exactly, then 25 switching and 25 resetting at once', async () => {
    const solution = await postSolution(server, author);
    const ups = await Promise.all(crowd.map((user) => sendVote(server, user, solution.id, 'up')));
    expect(ups.filter((result) => result.errors)).toEqual([]);
    expect(await voteCounters(server, solution.id)).toEqual({
      totalUpvotes: 50,
      totalDownvotes: 0,
    });

    const moves = await Promise.all(
      crowd.map((user, index) =>
        index % 2 === 0
          ? sendVote(server, user, solution.id, 'down')
          : gql(server.url, RESET_VOTE, { id: solution.id }, { token: user.token }),
      ),
    );
    expect(moves.filter((result) => result.errors)).toEqual([]);
    expect(await voteCounters(server, solution.id)).toEqual({
      totalUpvotes: 0,
      totalDownvotes: 25,
    });
    expect(
      (await voters(server, solution.id, 'down', author.token, { first: 100 })).items,
    ).toHaveLength(25);
  });

  it('keeps the counts equal to the votes when each person sends up, down and reset at once', async () => {
    const solution = await postSolution(server, author);
    const people = crowd.slice(0, 20);
    await Promise.all(
      people.flatMap((user) => [
        sendVote(server, user, solution.id, 'up'),
        sendVote(server, user, solution.id, 'down'),
        gql(server.url, RESET_VOTE, { id: solution.id }, { token: user.token }),
        sendVote(server, user, solution.id, 'up', 'Again'),
      ]),
    );
    const [up, down] = await Promise.all([
      voters(server, solution.id, 'up', author.token, { first: 100 }),
      voters(server, solution.id, 'down', author.token, { first: 100 }),
    ]);
    expect(await voteCounters(server, solution.id)).toEqual({
      totalUpvotes: up.items.length,
      totalDownvotes: down.items.length,
    });
    expect(up.items.length + down.items.length).toBeLessThanOrEqual(people.length);
  });
});
