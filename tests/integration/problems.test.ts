import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  problemDepartures,
  problemSolutions,
  problems as problemsTable,
  solutions,
  spaceTags,
} from '../../server/src/db/schema';
import { refreshSolutionCounters } from '../../server/src/modules/problems/problem-counters';
import { gql, gqlData, gqlError, rest } from '../helpers/clients';
import {
  signUpVerified,
  type TestUser,
  CREATE_PROBLEM,
  DESCRIPTION,
  PROBLEM,
  PROBLEM_FIELDS,
  createPrivateSpace,
  listProblems,
  postProblem,
  type ProblemView,
  UPDATE_PROBLEM,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Carol' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const DELETE = `mutation($id: ID!) { deleteProblem(id: $id) }`;
const SET_STATUS = `mutation($id: ID!, $status: ProblemStatus!) { setProblemStatus(id: $id, status: $status) { ${PROBLEM_FIELDS} } }`;
const JOIN = `mutation($id: ID!) { joinProblem(id: $id) { id joined counters { totalParticipants } } }`;
const LEAVE = `mutation($id: ID!, $input: LeaveProblemInput) { leaveProblem(id: $id, input: $input) { id joined counters { totalParticipants } } }`;
const JOINED = `query { joinedProblems { id name priority } }`;
const PRIORITIES = `mutation($ids: [ID!]!) { updateJoinedProblems(problemIds: $ids) { id name priority } }`;
const ADD_PART = `mutation($problemId: ID!, $input: ProblemPartInput!) { addPart(problemId: $problemId, input: $input) { id problemId type name description attributes { name value } canEdit } }`;
const UPDATE_PART = `mutation($problemId: ID!, $partId: ID!, $input: ProblemPartInput!) { updatePart(problemId: $problemId, partId: $partId, input: $input) { id name canEdit } }`;
const DELETE_PART = `mutation($problemId: ID!, $partId: ID!) { deletePart(problemId: $problemId, partId: $partId) }`;
const PARTS = `query($problemId: ID!, $type: ProblemPartType) { problemParts(problemId: $problemId, type: $type) { id type name canEdit } }`;
const PART = `query($problemId: ID!, $partId: ID!) { problemPart(problemId: $problemId, partId: $partId) { id name attributes { name value } } }`;
const ADD_MEASUREMENT = `mutation($problemId: ID!, $input: MeasurementInput!) { addMeasurement(problemId: $problemId, input: $input) { id name value unit note measuredAt } }`;
const MEASUREMENTS = `query($problemId: ID!) { measurements(problemId: $problemId) { id name value unit measuredAt } }`;
const IMPACTED = `query($problemId: ID!, $after: String, $first: Int) { impacted(problemId: $problemId, after: $after, first: $first) { items { user { id displayName } joinedAt } last } }`;
const SOLVERS = `query($problemId: ID!) { solvers(problemId: $problemId) { id displayName } }`;

const create = (token: string, input: Record<string, unknown>) =>
  gql<{ createProblem: ProblemView }>(server.url, CREATE_PROBLEM, { input }, { token });
const countByName = async (name: string) =>
  (await server.deps.db.select().from(problemsTable).where(eq(problemsTable.name, name))).length;

describe('creating a problem', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(
      await gqlError(server.url, CREATE_PROBLEM, {
        input: { name: 'Water', description: DESCRIPTION },
      }),
    ).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Please sign in',
    });
    const response = await rest(server.url, 'POST', '/api/problems', {
      data: { name: 'Water', description: DESCRIPTION },
    });
    expect(response.status).toBe(401);
    expect(response.body.success).toBe(false);
  });

  it('creates an unsolved, red, joined problem with tags from its hashtags and the author as first participant', async () => {
    const problem = await postProblem(server, alice, '  Clean #Drinking water  ');
    expect(problem).toMatchObject({
      name: 'Clean #Drinking water',
      status: 'unsolved',
      color: '#FF5252',
      tags: ['drinking', 'water'],
      spaceId: 'ww',
      joined: true,
      canEdit: true,
      canChangeStatus: true,
      isDraft: false,
      isApproved: true,
      author: { id: alice.id, displayName: 'Alice' },
      counters: {
        totalParticipants: 1,
        totalStories: 0,
        totalSolutions: 0,
        totalComments: 0,
        totalRecipes: 0,
        totalSolvers: 0,
      },
      statusActivity: [],
    });
    const [tag] = await server.deps.db
      .select()
      .from(spaceTags)
      .where(eq(spaceTags.tagId, 'drinking'));
    expect(tag).toMatchObject({ spaceId: 'ww', totalProblems: 1 });
    const seenByBob = await gqlData<{ problem: ProblemView }>(
      server.url,
      PROBLEM,
      { id: problem.id },
      { token: bob.token },
    );
    expect(seenByBob.problem).toMatchObject({
      joined: false,
      canEdit: false,
      canChangeStatus: false,
    });
  });

  it('shows an anonymous problem as Anonymous to everyone and keeps it out of lists until approved', async () => {
    const problem = await postProblem(server, alice, 'Anonymous worry', {
      isAnonymousPost: true,
    });
    expect(problem.author).toEqual({
      id: '',
      displayName: 'Anonymous',
      photoURL: '',
      role: 'user',
    });
    expect(problem.isApproved).toBe(false);
    expect((await listProblems(server)).items.map((item) => item.id)).not.toContain(problem.id);
    expect(
      (await gql(server.url, PROBLEM, { id: problem.id }, { token: bob.token })).errors?.[0]
        ?.extensions?.code,
    ).toBe('NOT_FOUND');
  });

  it('keeps a draft visible to its author only, in My Problems', async () => {
    const draft = await postProblem(server, alice, 'Draft problem', {
      isDraft: true,
    });
    expect(draft.isDraft).toBe(true);
    expect((await listProblems(server)).items.map((item) => item.id)).not.toContain(draft.id);
    expect(
      (await listProblems(server, { list: 'myproblems' }, alice.token)).items.map(
        (item) => item.id,
      ),
    ).toContain(draft.id);
    expect(
      await gqlError(server.url, PROBLEM, { id: draft.id }, { token: bob.token }),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  describe('rejects bad input with the rule’s message and stores nothing', () => {
    const cases = [
      {
        name: 'an empty title',
        input: { name: '', description: DESCRIPTION },
        message: 'Title is required',
        field: 'name',
      },
      {
        name: 'a whitespace title',
        input: { name: '    ', description: DESCRIPTION },
        message: 'Title is required',
        field: 'name',
      },
      {
        name: 'a 2-character title',
        input: { name: 'ab', description: DESCRIPTION },
        message: 'Min 3 characters',
        field: 'name',
      },
      {
        name: 'a 151-character title',
        input: { name: 'x'.repeat(151), description: DESCRIPTION },
        message: 'Max 150 characters',
        field: 'name',
      },
      {
        name: 'a short description',
        input: {
          name: 'Short description',
          description: '<p>too short</p>'.replace('too short', 'tiny'),
        },
        message: 'No Content. Please add at least 10 characters.',
        field: 'description',
      },
      {
        name: 'an empty description',
        input: { name: 'Empty description', description: '<p>   </p>' },
        message: 'No Content. Please add at least 10 characters.',
        field: 'description',
      },
      {
        name: 'a script-only description',
        input: {
          name: 'Script description',
          description: '<script>alert("hello world!")</script>',
        },
        message: 'No Content. Please add at least 10 characters.',
        field: 'description',
      },
    ];
    for (const { name, input, message, field } of cases) {
      it(`rejects ${name} with "${message}"`, async () => {
        const before = await server.deps.db.select().from(problemsTable);
        expect(
          await gqlError(server.url, CREATE_PROBLEM, { input }, { token: bob.token }),
        ).toMatchObject({
          code: 'BAD_USER_INPUT',
          message,
          field,
        });
        const response = await rest(
          server.url,
          'POST',
          '/api/problems',
          { data: input },
          bob.token,
        );
        expect(response.status).toBe(422);
        expect(response.body.error).toMatchObject({
          code: 'BAD_USER_INPUT',
          message,
          field,
        });
        expect((await server.deps.db.select().from(problemsTable)).length).toBe(before.length);
      });
    }
  });

  it('accepts titles exactly at 3 and 150 characters', async () => {
    expect(
      (await create(bob.token, { name: 'abc', description: DESCRIPTION })).errors,
    ).toBeUndefined();
    expect(
      (
        await create(bob.token, {
          name: 'y'.repeat(150),
          description: DESCRIPTION,
        })
      ).errors,
    ).toBeUndefined();
    expect(await countByName('abc')).toBe(1);
  });
});

describe('editing and deleting a problem', () => {
  let problem: ProblemView;
  beforeAll(async () => {
    problem = await postProblem(server, alice, 'Editable #flooding problem');
  });

  it('asks a signed-out visitor to sign in', async () => {
    expect(
      await gqlError(server.url, UPDATE_PROBLEM, {
        id: problem.id,
        input: { name: 'New' },
      }),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await rest(server.url, 'DELETE', `/api/problems/${problem.id}`)).status).toBe(401);
  });

  it('lets the author rename it and moves its tag counters', async () => {
    const { updateProblem } = await gqlData<{ updateProblem: ProblemView }>(
      server.url,
      UPDATE_PROBLEM,
      { id: problem.id, input: { name: 'Edited #drought problem' } },
      { token: alice.token },
    );
    expect(updateProblem).toMatchObject({
      name: 'Edited #drought problem',
      tags: ['drought', 'water'],
    });
    const [flooding] = await server.deps.db
      .select()
      .from(spaceTags)
      .where(eq(spaceTags.tagId, 'flooding'));
    expect(flooding?.totalProblems).toBe(0);
  });

  it('refuses someone else with FORBIDDEN (403) and an unknown id with NOT_FOUND (404)', async () => {
    expect(
      await gqlError(
        server.url,
        UPDATE_PROBLEM,
        { id: problem.id, input: { name: 'Hijack' } },
        { token: bob.token },
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    const patch = await rest(
      server.url,
      'PATCH',
      `/api/problems/${problem.id}`,
      { data: { name: 'Hijack' } },
      bob.token,
    );
    expect(patch.status).toBe(403);
    expect(
      (await rest(server.url, 'DELETE', `/api/problems/${problem.id}`, undefined, bob.token))
        .status,
    ).toBe(403);
    expect(
      (await rest(server.url, 'DELETE', '/api/problems/nope', undefined, bob.token)).status,
    ).toBe(404);
    expect(
      await gqlError(
        server.url,
        UPDATE_PROBLEM,
        { id: problem.id, input: { name: 'x' } },
        { token: alice.token },
      ),
    ).toMatchObject({
      message: 'Min 3 characters',
    });
  });

  it('deletes for the author, after which it is gone (404) and its tags no longer count it', async () => {
    const doomed = await postProblem(server, alice, 'Doomed #ephemeral problem');
    expect(await gqlData(server.url, DELETE, { id: doomed.id }, { token: alice.token })).toEqual({
      deleteProblem: true,
    });
    expect(
      await gqlError(server.url, PROBLEM, { id: doomed.id }, { token: alice.token }),
    ).toMatchObject({ code: 'NOT_FOUND' });
    const [tag] = await server.deps.db
      .select()
      .from(spaceTags)
      .where(eq(spaceTags.tagId, 'ephemeral'));
    expect(tag?.totalProblems).toBe(0);
  });
});

describe('status', () => {
  it('records statusUpdatedAt and an activity row when the author changes it; the colour follows', async () => {
    const problem = await postProblem(server, alice, 'Status problem');
    const { setProblemStatus } = await gqlData<{
      setProblemStatus: ProblemView;
    }>(server.url, SET_STATUS, { id: problem.id, status: 'solving' }, { token: alice.token });
    expect(setProblemStatus).toMatchObject({
      status: 'solving',
      color: '#FFC157',
    });
    expect(new Date(setProblemStatus.statusUpdatedAt).getTime()).toBeGreaterThan(
      new Date(problem.statusUpdatedAt).getTime(),
    );
    expect(setProblemStatus.statusActivity).toEqual([
      expect.objectContaining({ fromStatus: 'unsolved', toStatus: 'solving' }),
    ]);
    const colours: Record<string, string> = {
      proposed: '#0D1B2A',
      solved: '#4CAF50',
      archived: '#2670C0',
      unsolved: '#FF5252',
    };
    for (const [status, color] of Object.entries(colours)) {
      const { setProblemStatus: next } = await gqlData<{
        setProblemStatus: ProblemView;
      }>(server.url, SET_STATUS, { id: problem.id, status }, { token: alice.token });
      expect(next.color).toBe(color);
    }
    const again = await gqlData<{ problem: ProblemView }>(server.url, PROBLEM, {
      id: problem.id,
    });
    expect(again.problem.statusActivity.map((row) => row.toStatus)).toEqual([
      'unsolved',
      'archived',
      'solved',
      'proposed',
      'solving',
    ]);
  });

  it('lets a joined member change it, refuses a non-member (403), signed out (401) and a bad status', async () => {
    const problem = await postProblem(server, alice, 'Shared status');
    expect(
      await gqlError(server.url, SET_STATUS, {
        id: problem.id,
        status: 'solved',
      }),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(
      await gqlError(
        server.url,
        SET_STATUS,
        { id: problem.id, status: 'solved' },
        { token: bob.token },
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    await gqlData(server.url, JOIN, { id: problem.id }, { token: bob.token });
    const { setProblemStatus } = await gqlData<{
      setProblemStatus: ProblemView;
    }>(server.url, SET_STATUS, { id: problem.id, status: 'solved' }, { token: bob.token });
    expect(setProblemStatus.status).toBe('solved');
    expect(
      await gqlError(
        server.url,
        SET_STATUS,
        { id: problem.id, status: 'fixed' },
        { token: alice.token },
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      // The ProblemStatus enum refuses it before the service sees it, naming the enum.
      message: expect.stringContaining('"ProblemStatus" enum'),
    });
    const stored = await gqlData<{ problem: ProblemView }>(server.url, PROBLEM, { id: problem.id });
    expect(stored.problem.status).toBe('solved');
  });
});

describe('joining and leaving', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const problem = await postProblem(server, alice, 'Join signed out');
    expect(await gqlError(server.url, JOIN, { id: problem.id })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect((await rest(server.url, 'POST', `/api/problems/${problem.id}/join`)).status).toBe(401);
    expect((await rest(server.url, 'GET', '/api/problems/joinedProblems')).status).toBe(401);
  });

  it('joins once (counters right even twice), then leaves with emoji, comment and solutions stored', async () => {
    const problem = await postProblem(server, alice, 'Join me');
    const joined = await gqlData<{
      joinProblem: { joined: boolean; counters: { totalParticipants: number } };
    }>(server.url, JOIN, { id: problem.id }, { token: bob.token });
    expect(joined.joinProblem).toMatchObject({
      joined: true,
      counters: { totalParticipants: 2 },
    });
    const twice = await rest(server.url, 'POST', `/api/problems/${problem.id}/join`, {}, bob.token);
    expect(twice.body).toEqual({ success: true });
    const left = await gqlData<{
      leaveProblem: {
        joined: boolean;
        counters: { totalParticipants: number };
      };
    }>(
      server.url,
      LEAVE,
      {
        id: problem.id,
        input: {
          emoji: '🙏',
          leavingComment: 'Moved away',
          solutions: [{ id: 's1', name: 'Well' }],
        },
      },
      { token: bob.token },
    );
    expect(left.leaveProblem).toMatchObject({
      joined: false,
      counters: { totalParticipants: 1 },
    });
    const [departure] = await server.deps.db
      .select()
      .from(problemDepartures)
      .where(eq(problemDepartures.problemId, problem.id));
    expect(departure).toMatchObject({
      userId: bob.id,
      emoji: '🙏',
      leavingComment: 'Moved away',
      solutions: [{ id: 's1', name: 'Well' }],
    });
    expect(
      await gqlError(server.url, LEAVE, { id: problem.id }, { token: bob.token }),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'You have not joined this problem',
    });
  });

  it('answers REST leave with {success} and rejects a too-long comment with its message', async () => {
    const problem = await postProblem(server, alice, 'Leave over REST');
    await rest(server.url, 'POST', `/api/problems/${problem.id}/join`, {}, carol.token);
    const tooLong = await rest(
      server.url,
      'POST',
      `/api/problems/${problem.id}/leave`,
      { emoji: '😢', leavingComment: 'x'.repeat(501), solutions: [] },
      carol.token,
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error?.message).toBe('The leaving comment must be at most 500 characters');
    const left = await rest(
      server.url,
      'POST',
      `/api/problems/${problem.id}/leave`,
      { emoji: '😢', leavingComment: 'Bye', solutions: [] },
      carol.token,
    );
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ success: true });
  });
});

describe('joined problems and priorities', () => {
  it('orders by priority with missing priority last, and follows a new order', async () => {
    const user = await signUpVerified(server, { displayName: 'Priya' });
    const first = await postProblem(server, user, 'Priority one');
    const second = await postProblem(server, user, 'Priority two');
    const third = await postProblem(server, user, 'Priority three');
    const set = await rest(
      server.url,
      'POST',
      '/api/problems/update/joinedProblems',
      { problemIds: [third.id, first.id] },
      user.token,
    );
    expect(set.body).toEqual({ success: true });
    const listed = await rest<{
      items: { id: string; name: string; priority: number | null }[];
    }>(server.url, 'GET', '/api/problems/joinedProblems', undefined, user.token);
    expect(listed.body).toEqual({
      success: true,
      items: [
        { id: third.id, name: 'Priority three', priority: 1 },
        { id: first.id, name: 'Priority one', priority: 2 },
        { id: second.id, name: 'Priority two', priority: null },
      ],
    });
    const mine = await listProblems(server, { list: 'mypriorities', first: 2 }, user.token);
    expect(mine.items.map((item) => item.id)).toEqual([third.id, first.id]);
    const rest2 = await listProblems(
      server,
      { list: 'mypriorities', first: 2, after: mine.last },
      user.token,
    );
    expect(rest2.items.map((item) => item.id)).toEqual([second.id]);
    expect(rest2.last).toBeNull();

    const reordered = await gqlData<{
      updateJoinedProblems: { id: string; priority: number | null }[];
    }>(server.url, PRIORITIES, { ids: [second.id, third.id, first.id] }, { token: user.token });
    expect(reordered.updateJoinedProblems.map((row) => [row.id, row.priority])).toEqual([
      [second.id, 1],
      [third.id, 2],
      [first.id, 3],
    ]);
  });

  it('refuses ordering a problem the viewer has not joined, changing nothing', async () => {
    const other = await postProblem(server, alice, 'Not yours');
    const user = await signUpVerified(server, { displayName: 'Orderer' });
    const own = await postProblem(server, user, 'Own one');
    expect(
      await gqlError(server.url, PRIORITIES, { ids: [other.id, own.id] }, { token: user.token }),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'You can only order problems you have joined',
    });
    const joined = await gqlData<{
      joinedProblems: { id: string; priority: number | null }[];
    }>(server.url, JOINED, {}, { token: user.token });
    expect(joined.joinedProblems).toEqual([{ id: own.id, name: 'Own one', priority: null }]);
  });
});

describe('parts', () => {
  let problem: ProblemView;
  beforeAll(async () => {
    problem = await postProblem(server, alice, 'Problem with parts');
  });

  it('asks a signed-out visitor to sign in and refuses a non-member (403)', async () => {
    const input = { type: 'thing', name: 'Pump' };
    expect(await gqlError(server.url, ADD_PART, { problemId: problem.id, input })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(
      await gqlError(
        server.url,
        ADD_PART,
        { problemId: problem.id, input },
        { token: carol.token },
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('adds parts with attributes, lists them in order, filters by type, and gets one', async () => {
    const stakeholder = await gqlData<{
      addPart: { id: string; canEdit: boolean };
    }>(
      server.url,
      ADD_PART,
      {
        problemId: problem.id,
        input: {
          type: 'stakeholder',
          name: ' Villagers ',
          attributes: [{ name: 'count', value: '300' }],
        },
      },
      { token: alice.token },
    );
    expect(stakeholder.addPart).toMatchObject({ canEdit: true });
    const thing = await rest<{
      data: { id: string; type: string; name: string; attributes: unknown[] };
    }>(
      server.url,
      'POST',
      `/api/problems/${problem.id}/parts`,
      {
        data: {
          type: 'thing',
          name: 'Hand pump',
          description: 'Broken since May',
        },
      },
      alice.token,
    );
    expect(thing.body).toMatchObject({
      success: true,
      data: { type: 'thing', name: 'Hand pump', attributes: [] },
    });
    const all = await gqlData<{
      problemParts: { id: string; type: string; name: string }[];
    }>(server.url, PARTS, { problemId: problem.id });
    expect(all.problemParts.map((part) => part.name)).toEqual(['Villagers', 'Hand pump']);
    const things = await gqlData<{ problemParts: { name: string }[] }>(server.url, PARTS, {
      problemId: problem.id,
      type: 'thing',
    });
    expect(things.problemParts.map((part) => part.name)).toEqual(['Hand pump']);
    const one = await gqlData<{ problemPart: { attributes: unknown[] } }>(server.url, PART, {
      problemId: problem.id,
      partId: stakeholder.addPart.id,
    });
    expect(one.problemPart.attributes).toEqual([{ name: 'count', value: '300' }]);

    const listed = await rest<{ items: { id: string }[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=problems/${problem.id}/parts`,
    );
    expect(listed.body).toMatchObject({
      success: true,
      items: [{ name: 'Villagers' }, { name: 'Hand pump' }],
      last: null,
    });
    const got = await rest(
      server.url,
      'GET',
      `/api/get/v2?path=problems/${problem.id}/parts/${thing.body.data.id}`,
    );
    expect(got.body).toMatchObject({
      success: true,
      data: {
        id: thing.body.data.id,
        type: 'thing',
        description: 'Broken since May',
      },
    });
  });

  it('lets the part’s author or the problem’s author edit and delete it; refuses others', async () => {
    await gqlData(server.url, JOIN, { id: problem.id }, { token: bob.token });
    const part = await gqlData<{ addPart: { id: string } }>(
      server.url,
      ADD_PART,
      { problemId: problem.id, input: { type: 'process', name: 'Repairs' } },
      { token: bob.token },
    );
    const partId = part.addPart.id;
    expect(
      await gqlError(
        server.url,
        UPDATE_PART,
        {
          problemId: problem.id,
          partId,
          input: { type: 'process', name: 'X' },
        },
        { token: carol.token },
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    const edited = await gqlData<{ updatePart: { name: string } }>(
      server.url,
      UPDATE_PART,
      {
        problemId: problem.id,
        partId,
        input: { type: 'process', name: 'Monthly repairs' },
      },
      { token: bob.token },
    );
    expect(edited.updatePart.name).toBe('Monthly repairs');
    expect(
      await gqlData(
        server.url,
        DELETE_PART,
        { problemId: problem.id, partId },
        { token: alice.token },
      ),
    ).toEqual({ deletePart: true });
    expect(await gqlError(server.url, PART, { problemId: problem.id, partId })).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses an unknown type: by its enum over GraphQL, with "Choose stakeholder, thing or process" over REST', async () => {
    const count = async () =>
      (await gqlData<{ problemParts: unknown[] }>(server.url, PARTS, { problemId: problem.id }))
        .problemParts.length;
    const before = await count();
    const input = { type: 'animal', name: 'Cow' };
    expect(
      await gqlError(
        server.url,
        ADD_PART,
        { problemId: problem.id, input },
        { token: alice.token },
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('"ProblemPartType" enum'),
    });
    const overRest = await rest(
      server.url,
      'POST',
      `/api/problems/${problem.id}/parts`,
      { data: input },
      alice.token,
    );
    expect(overRest.status).toBe(422);
    expect(overRest.body.error).toMatchObject({ message: 'Choose stakeholder, thing or process' });
    expect(await count()).toBe(before);
  });

  const bad = [
    {
      name: 'an empty name',
      input: { type: 'thing', name: '   ' },
      message: 'Part name is required',
    },
    {
      name: 'a long name',
      input: { type: 'thing', name: 'n'.repeat(101) },
      message: 'The part name must be at most 100 characters',
    },
    {
      name: 'an attribute without a name',
      input: {
        type: 'thing',
        name: 'Pipe',
        attributes: [{ name: ' ', value: '1' }],
      },
      message: 'Attribute name is required',
    },
  ];
  for (const { name, input, message } of bad) {
    it(`rejects a part with ${name} with "${message}", storing nothing`, async () => {
      const before = await gqlData<{ problemParts: unknown[] }>(server.url, PARTS, {
        problemId: problem.id,
      });
      expect(
        await gqlError(
          server.url,
          ADD_PART,
          { problemId: problem.id, input },
          { token: alice.token },
        ),
      ).toMatchObject({
        code: 'BAD_USER_INPUT',
        message,
      });
      const after = await gqlData<{ problemParts: unknown[] }>(server.url, PARTS, {
        problemId: problem.id,
      });
      expect(after.problemParts.length).toBe(before.problemParts.length);
    });
  }
});

describe('measurements', () => {
  it('lets members add measurements, lists them newest first, refuses others and bad input', async () => {
    const problem = await postProblem(server, alice, 'Measured problem');
    const input = { name: 'Walk time', value: 120, unit: 'min' };
    expect(
      await gqlError(server.url, ADD_MEASUREMENT, {
        problemId: problem.id,
        input,
      }),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(
      await gqlError(
        server.url,
        ADD_MEASUREMENT,
        { problemId: problem.id, input },
        { token: carol.token },
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    await gqlData(
      server.url,
      ADD_MEASUREMENT,
      {
        problemId: problem.id,
        input: { ...input, measuredAt: '2026-01-01T00:00:00.000Z' },
      },
      { token: alice.token },
    );
    await gqlData(
      server.url,
      ADD_MEASUREMENT,
      {
        problemId: problem.id,
        input: { ...input, value: 90, measuredAt: '2026-03-01T00:00:00.000Z' },
      },
      { token: alice.token },
    );
    await gqlData(
      server.url,
      ADD_MEASUREMENT,
      {
        problemId: problem.id,
        input: { ...input, value: 100, measuredAt: '2026-02-01T00:00:00.000Z' },
      },
      { token: alice.token },
    );
    const list = await gqlData<{ measurements: { value: number }[] }>(server.url, MEASUREMENTS, {
      problemId: problem.id,
    });
    expect(list.measurements.map((row) => row.value)).toEqual([90, 100, 120]);
    const onProblem = await gqlData<{
      problem: { measurements: { value: number }[] };
    }>(server.url, `query($id: ID!) { problem(id: $id) { measurements { value } } }`, {
      id: problem.id,
    });
    expect(onProblem.problem.measurements.map((row) => row.value)).toEqual([90, 100, 120]);
    expect(
      await gqlError(
        server.url,
        ADD_MEASUREMENT,
        { problemId: problem.id, input: { name: ' ', value: 1 } },
        { token: alice.token },
      ),
    ).toMatchObject({
      message: 'Measurement name is required',
    });
    expect(
      await gqlError(
        server.url,
        ADD_MEASUREMENT,
        {
          problemId: problem.id,
          input: { name: 'x', value: 1, unit: 'u'.repeat(31) },
        },
        { token: alice.token },
      ),
    ).toMatchObject({
      message: 'The unit must be at most 30 characters',
    });
    expect(
      (
        await gqlData<{ measurements: unknown[] }>(server.url, MEASUREMENTS, {
          problemId: problem.id,
        })
      ).measurements,
    ).toHaveLength(3);
  });
});

describe('impacted and solvers', () => {
  it('pages the joined people newest first without gaps and keeps an anonymous author anonymous', async () => {
    const problem = await postProblem(server, alice, 'Impacting problem', {
      isAnonymousPost: false,
    });
    await gqlData(server.url, JOIN, { id: problem.id }, { token: bob.token });
    await gqlData(server.url, JOIN, { id: problem.id }, { token: carol.token });
    const first = await gqlData<{
      impacted: {
        items: { user: { displayName: string } }[];
        last: string | null;
      };
    }>(server.url, IMPACTED, { problemId: problem.id, first: 2 });
    expect(first.impacted.items.map((row) => row.user.displayName)).toEqual(['Carol', 'Bob']);
    const second = await gqlData<{
      impacted: {
        items: { user: { displayName: string } }[];
        last: string | null;
      };
    }>(server.url, IMPACTED, {
      problemId: problem.id,
      first: 2,
      after: first.impacted.last,
    });
    expect(second.impacted.items.map((row) => row.user.displayName)).toEqual(['Alice']);
    expect(second.impacted.last).toBeNull();
  });

  it('shows the anonymous author of a problem as Anonymous among the impacted', async () => {
    const problem = await postProblem(server, carol, 'Anonymous impact', {
      isAnonymousPost: true,
    });
    const result = await gqlData<{
      impacted: { items: { user: { id: string; displayName: string } }[] };
    }>(server.url, IMPACTED, { problemId: problem.id }, { token: carol.token });
    expect(result.impacted.items.map((row) => row.user)).toEqual([
      { id: '', displayName: 'Anonymous' },
    ]);
  });

  it('lists distinct named authors of linked solutions as solvers', async () => {
    const problem = await postProblem(server, alice, 'Solved by many');
    const insert = async (id: string, authorId: string, isAnonymousPost = false) => {
      await server.deps.db.insert(solutions).values({
        id,
        spaceId: 'ww',
        authorId,
        name: id,
        description: '<p>x</p>',
        isAnonymousPost,
        isApproved: !isAnonymousPost,
      });
      await server.deps.db
        .insert(problemSolutions)
        .values({ problemId: problem.id, solutionId: id });
    };
    await insert(`s-${problem.id}-1`, bob.id);
    await insert(`s-${problem.id}-2`, bob.id);
    await insert(`s-${problem.id}-3`, carol.id, true);
    const result = await gqlData<{
      solvers: { id: string; displayName: string }[];
    }>(server.url, SOLVERS, { problemId: problem.id });
    expect(result.solvers).toEqual([{ id: bob.id, displayName: 'Bob' }]);
    // The solutions service keeps the stored counter right with this helper, in its own transaction.
    await refreshSolutionCounters(server.deps.db, [problem.id]);
    const counted = await gqlData<{ problem: ProblemView }>(server.url, PROBLEM, {
      id: problem.id,
    });
    expect(counted.problem.counters.totalSolvers).toBe(1);
  });
});

describe('lists, sorts and pages', () => {
  let space: string;
  let made: ProblemView[];
  beforeAll(async () => {
    // A fresh space of its own keeps other tests' problems out of these lists.
    space = (
      await createPrivateSpace(server, alice, {
        members: [
          { user: bob, status: 'contributor' },
          { user: carol, status: 'contributor' },
        ],
      })
    ).id;
    made = [];
    for (let index = 0; index < 7; index += 1)
      made.push(
        await postProblem(server, alice, `Listed problem ${index}`, {
          spaceId: space,
        }),
      );
    await gqlData(server.url, JOIN, { id: made[2]!.id }, { token: bob.token });
    await gqlData(server.url, JOIN, { id: made[2]!.id }, { token: carol.token });
    await gqlData(server.url, JOIN, { id: made[5]!.id }, { token: bob.token });
    await gqlData(
      server.url,
      SET_STATUS,
      { id: made[1]!.id, status: 'solving' },
      { token: alice.token },
    );
    await gqlData(
      server.url,
      SET_STATUS,
      { id: made[4]!.id, status: 'solved' },
      { token: alice.token },
    );
  });

  async function walk(variables: Record<string, unknown>, token = alice.token) {
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page: { items: ProblemView[]; last: string | null } = await listProblems(
        server,
        { ...variables, spaceId: space, first: 3, after },
        token,
      );
      ids.push(...page.items.map((item) => item.id));
      after = page.last;
    } while (after);
    return ids;
  }

  it('pages recent newest first without gaps or duplicates', async () => {
    expect(await walk({ orderBy: 'recent' })).toEqual([...made].reverse().map((item) => item.id));
  });

  it('sorts by participants (most first), by recent status change, and filters by status', async () => {
    const byParticipants = await walk({ orderBy: 'participants' });
    expect(byParticipants.slice(0, 2)).toEqual([made[2]!.id, made[5]!.id]);
    expect(new Set(byParticipants).size).toBe(7);
    const byStatus = await walk({ orderBy: 'recentStatus' });
    expect(byStatus.slice(0, 2)).toEqual([made[4]!.id, made[1]!.id]);
    expect(await walk({ statuses: ['solving', 'solved'] })).toEqual([made[4]!.id, made[1]!.id]);
    expect(await walk({ list: 'solving' })).toEqual([made[1]!.id]);
    expect(new Set(await walk({ orderBy: 'stories' })).size).toBe(7);
    expect(new Set(await walk({ orderBy: 'solutions' })).size).toBe(7);
  });

  it('filters by time range and asks custom ranges for both dates', async () => {
    expect((await walk({ timeRange: 'last24hours' })).length).toBe(7);
    expect(
      await walk({
        timeRange: 'custom',
        startDate: '2000-01-01T00:00:00.000Z',
        endDate: '2000-02-01T00:00:00.000Z',
      }),
    ).toEqual([]);
    expect(
      await gqlError(
        server.url,
        `query { problems(timeRange: custom) { last } }`,
        {},
        { token: alice.token },
      ),
    ).toMatchObject({
      message: 'Choose a start and an end date',
    });
  });

  it('lists the viewer’s own problems in My Problems and asks a signed-out visitor to sign in', async () => {
    const mine = await listProblems(server, { list: 'myproblems' }, alice.token);
    expect(mine.items.every((item) => item.author.id === alice.id || item.isAnonymousPost)).toBe(
      true,
    );
    expect(
      await gqlError(server.url, `query { problems(list: myproblems) { last } }`),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('REST rows', () => {
  it('POST /problems answers {success, data} with the spec fields', async () => {
    const response = await rest<{ data: Record<string, unknown> }>(
      server.url,
      'POST',
      '/api/problems',
      {
        data: {
          name: 'REST problem',
          description: DESCRIPTION,
          isDraft: false,
        },
      },
      alice.token,
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      data: {
        id: expect.any(String),
        name: 'REST problem',
        description: DESCRIPTION,
        status: 'unsolved',
        statusUpdatedAt: expect.any(String),
        statusActivity: null,
        color: '#FF5252',
        tags: ['water'],
        files: [],
        author: {
          id: alice.id,
          displayName: 'Alice',
          photoURL: '',
          role: 'person',
        },
        isAnonymousPost: false,
        isDraft: false,
        joined: true,
        counters: {
          totalComments: 0,
          totalParticipants: 1,
          totalStories: 0,
          totalSolutions: 0,
          totalRecipes: 0,
          totalSolvers: 0,
        },
        canEdit: true,
        spaceId: 'ww',
        createdAt: expect.any(String),
        when: expect.any(String),
      },
    });
  });

  it('POST /add {path: problems} answers {success, newItem}', async () => {
    const response = await rest<{ newItem: { name: string; joined: boolean } }>(
      server.url,
      'POST',
      '/api/add',
      {
        path: 'problems',
        data: { name: 'Added via add', description: DESCRIPTION },
      },
      alice.token,
    );
    expect(response.body).toMatchObject({
      success: true,
      newItem: { name: 'Added via add', joined: true },
    });
  });

  it('GET /get/v2?path=problems/{id} answers {success, data}; a missing one 404', async () => {
    const problem = await postProblem(server, alice, 'Get me');
    const response = await rest(
      server.url,
      'GET',
      `/api/get/v2?path=problems/${problem.id}`,
      undefined,
      bob.token,
    );
    expect(response.body).toMatchObject({
      success: true,
      data: { id: problem.id, name: 'Get me', joined: false, canEdit: false },
    });
    expect((await rest(server.url, 'GET', '/api/get/v2?path=problems/missing')).status).toBe(404);
  });

  it('GET /list/v2?path=problems pages with orderBy, results and lastDocumentID into {success, items, last}', async () => {
    const first = await rest<{ items: { id: string }[]; last: string | null }>(
      server.url,
      'GET',
      '/api/list/v2?path=problems&results=2&orderBy=recent',
    );
    expect(first.body.success).toBe(true);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.last).toEqual(expect.any(String));
    const second = await rest<{ items: { id: string }[]; last: string | null }>(
      server.url,
      'GET',
      `/api/list/v2?path=problems&results=2&orderBy=recent&lastDocumentID=${first.body.last}`,
    );
    expect(second.body.items).toHaveLength(2);
    expect(second.body.items.map((item) => item.id)).not.toContain(first.body.items[0]!.id);
    const participants = await rest<{
      items: { counters: { totalParticipants: number } }[];
    }>(server.url, 'GET', '/api/list/v2?path=problems&results=50&orderBy=participants&spaceId=ww');
    const counts = participants.body.items.map((item) => item.counters.totalParticipants);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('PATCH /problems/{id} answers {success, data}; DELETE answers {success}', async () => {
    const problem = await postProblem(server, alice, 'Patch me');
    const patched = await rest(
      server.url,
      'PATCH',
      `/api/problems/${problem.id}`,
      { data: { name: 'Patched' } },
      alice.token,
    );
    expect(patched.body).toMatchObject({
      success: true,
      data: { id: problem.id, name: 'Patched' },
    });
    const deleted = await rest(
      server.url,
      'DELETE',
      `/api/problems/${problem.id}`,
      undefined,
      alice.token,
    );
    expect(deleted.body).toEqual({ success: true });
  });

  it('GET /problems?spaceId= answers {success, items} with the space’s problems', async () => {
    const response = await rest<{ items: { spaceId: string }[] }>(
      server.url,
      'GET',
      '/api/problems?spaceId=ww',
    );
    expect(response.body.success).toBe(true);
    expect(response.body.items.length).toBeGreaterThan(0);
    expect(response.body.items.every((item) => item.spaceId === 'ww')).toBe(true);
  });

  it('POST /problems/{id}/parts rejects a signed-out visitor with 401', async () => {
    const problem = await postProblem(server, alice, 'Parts signed out');
    expect(
      (
        await rest(server.url, 'POST', `/api/problems/${problem.id}/parts`, {
          data: { type: 'thing', name: 'x' },
        })
      ).status,
    ).toBe(401);
  });
});
