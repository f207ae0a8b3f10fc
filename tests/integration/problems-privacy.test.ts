import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  problemMeasurements,
  problemParticipants,
  problemParts,
  problems,
  problemSolutions,
  solutions,
  stories,
} from '../../server/src/db/schema';
import { gqlData, rest } from '../helpers/clients';
import {
  signUpVerified,
  type TestUser,
  PROBLEM,
  listProblems,
  createPrivateSpace,
  postProblem,
  type ProblemView,
  setStatus,
} from '../helpers/factories';
import { refusedAsMissing } from '../helpers/refusals';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * A problem in a private space: its active participants see it everywhere; a non-participant, an
 * invited (not yet accepted) user and a signed-out visitor see it nowhere, and get 404 as if it
 * did not exist.
 */
let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let invited: TestUser;
let spaceId: string;
let problem: ProblemView;
let partId: string;

const JOIN = `mutation($id: ID!) { joinProblem(id: $id) { id } }`;
const JOINED = `query { joinedProblems { id } }`;
const PARTS = `query($problemId: ID!) { problemParts(problemId: $problemId) { id } }`;
const PART = `query($problemId: ID!, $partId: ID!) { problemPart(problemId: $problemId, partId: $partId) { id } }`;
const MEASUREMENTS = `query($problemId: ID!) { measurements(problemId: $problemId) { id } }`;
const IMPACTED = `query($problemId: ID!) { impacted(problemId: $problemId) { items { user { id } } } }`;
const SOLVERS = `query($problemId: ID!) { solvers(problemId: $problemId) { id } }`;
const ADD_PART = `mutation($problemId: ID!, $input: ProblemPartInput!) { addPart(problemId: $problemId, input: $input) { id } }`;
const ADD_MEASUREMENT = `mutation($problemId: ID!, $input: MeasurementInput!) { addMeasurement(problemId: $problemId, input: $input) { id } }`;

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, outsider, invited] = await Promise.all([
    signUpVerified(server, { displayName: 'Owner' }),
    signUpVerified(server, { displayName: 'Member' }),
    signUpVerified(server, { displayName: 'Outsider' }),
    signUpVerified(server, { displayName: 'Invited' }),
  ]);
  spaceId = (
    await createPrivateSpace(server, owner, {
      members: [
        { user: member, status: 'contributor' },
        { user: invited, status: 'invited' },
      ],
    })
  ).id;
  problem = await postProblem(server, owner, 'Secret #leak problem', {
    spaceId,
  });
  await gqlData(server.url, JOIN, { id: problem.id }, { token: member.token });
  const part = await gqlData<{ addPart: { id: string } }>(
    server.url,
    ADD_PART,
    { problemId: problem.id, input: { type: 'thing', name: 'Secret pump' } },
    { token: owner.token },
  );
  partId = part.addPart.id;
  await gqlData(
    server.url,
    ADD_MEASUREMENT,
    { problemId: problem.id, input: { name: 'Depth', value: 3 } },
    { token: owner.token },
  );
  await server.deps.db.insert(solutions).values({
    id: 'secret-solution',
    spaceId,
    authorId: member.id,
    name: 'Secret fix',
    description: '<p>x</p>',
  });
  await server.deps.db
    .insert(problemSolutions)
    .values({ problemId: problem.id, solutionId: 'secret-solution' });
});
afterAll(async () => {
  await server?.stop();
});

const viewers = () => [
  { who: 'a non-participant', token: outsider.token },
  { who: 'an invited user', token: invited.token },
  { who: 'a signed-out visitor', token: undefined },
];

describe('a problem in a private space', () => {
  it('is fully visible to an active participant', async () => {
    const token = member.token;
    expect((await listProblems(server, { spaceId }, token)).items.map((item) => item.id)).toEqual([
      problem.id,
    ]);
    expect(
      (await gqlData<{ problem: ProblemView }>(server.url, PROBLEM, { id: problem.id }, { token }))
        .problem.joined,
    ).toBe(true);
    expect(
      (await gqlData<{ joinedProblems: { id: string }[] }>(server.url, JOINED, {}, { token }))
        .joinedProblems,
    ).toEqual([{ id: problem.id }]);
    expect(
      (
        await gqlData<{ problemParts: unknown[] }>(
          server.url,
          PARTS,
          { problemId: problem.id },
          { token },
        )
      ).problemParts,
    ).toHaveLength(1);
    expect(
      (
        await gqlData<{ problemPart: { id: string } }>(
          server.url,
          PART,
          { problemId: problem.id, partId },
          { token },
        )
      ).problemPart.id,
    ).toBe(partId);
    expect(
      (
        await gqlData<{ measurements: unknown[] }>(
          server.url,
          MEASUREMENTS,
          { problemId: problem.id },
          { token },
        )
      ).measurements,
    ).toHaveLength(1);
    expect(
      (
        await gqlData<{ impacted: { items: unknown[] } }>(
          server.url,
          IMPACTED,
          { problemId: problem.id },
          { token },
        )
      ).impacted.items,
    ).toHaveLength(2);
    expect(
      (
        await gqlData<{ solvers: { id: string }[] }>(
          server.url,
          SOLVERS,
          { problemId: problem.id },
          { token },
        )
      ).solvers,
    ).toEqual([{ id: member.id }]);
    const listed = await rest<{ items: { id: string }[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=problems&spaceId=${spaceId}`,
      undefined,
      token,
    );
    expect(listed.body.items.map((item) => item.id)).toEqual([problem.id]);
    expect(
      (await rest(server.url, 'GET', `/api/get/v2?path=problems/${problem.id}`, undefined, token))
        .status,
    ).toBe(200);
    expect(
      (await rest(server.url, 'GET', `/api/problems?spaceId=${spaceId}`, undefined, token)).status,
    ).toBe(200);
  });

  for (const index of [0, 1, 2]) {
    it(`is invisible everywhere to ${['a non-participant', 'an invited user', 'a signed-out visitor'][index]}`, async () => {
      const { token } = viewers()[index]!;
      const notFound = refusedAsMissing(() => ({ server, token })).graphql;
      // The space itself is unreadable: naming it is NOT_FOUND; the public lists do not hold it.
      await notFound(`query($spaceId: ID) { problems(spaceId: $spaceId) { last } }`, { spaceId });
      expect(
        (await listProblems(server, { spaceId: 'ww' }, token)).items.map((item) => item.id),
      ).not.toContain(problem.id);
      await notFound(PROBLEM, { id: problem.id });
      await notFound(PARTS, { problemId: problem.id });
      await notFound(PART, { problemId: problem.id, partId });
      await notFound(MEASUREMENTS, { problemId: problem.id });
      await notFound(IMPACTED, { problemId: problem.id });
      await notFound(SOLVERS, { problemId: problem.id });
      if (token) {
        await notFound(JOIN, { id: problem.id });
        expect(
          (await gqlData<{ joinedProblems: unknown[] }>(server.url, JOINED, {}, { token }))
            .joinedProblems,
        ).toEqual([]);
        await notFound(ADD_PART, {
          problemId: problem.id,
          input: { type: 'thing', name: 'x' },
        });
        const rows = await rest<{ items: unknown[] }>(
          server.url,
          'GET',
          '/api/problems/joinedProblems',
          undefined,
          token,
        );
        expect(rows.body.items).toEqual([]);
        expect(
          (await rest(server.url, 'POST', `/api/problems/${problem.id}/join`, {}, token)).status,
        ).toBe(404);
        expect(
          (
            await rest(
              server.url,
              'PATCH',
              `/api/problems/${problem.id}`,
              { data: { name: 'Mine' } },
              token,
            )
          ).status,
        ).toBe(404);
        expect(
          (await rest(server.url, 'DELETE', `/api/problems/${problem.id}`, undefined, token))
            .status,
        ).toBe(404);
      }
      expect(
        (await rest(server.url, 'GET', `/api/get/v2?path=problems/${problem.id}`, undefined, token))
          .status,
      ).toBe(404);
      expect(
        (
          await rest(
            server.url,
            'GET',
            `/api/get/v2?path=problems/${problem.id}/parts/${partId}`,
            undefined,
            token,
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await rest(
            server.url,
            'GET',
            `/api/list/v2?path=problems/${problem.id}/parts`,
            undefined,
            token,
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await rest(
            server.url,
            'GET',
            `/api/list/v2?path=problems&spaceId=${spaceId}`,
            undefined,
            token,
          )
        ).status,
      ).toBe(404);
      expect(
        (await rest(server.url, 'GET', `/api/problems?spaceId=${spaceId}`, undefined, token))
          .status,
      ).toBe(404);
      const global = await rest<{ items: { id: string }[] }>(
        server.url,
        'GET',
        '/api/list/v2?path=problems&spaceId=ww',
        undefined,
        token,
      );
      expect(global.body.items.map((item) => item.id)).not.toContain(problem.id);
    });
  }

  it('does not count in a non-participant’s joined problems even after they once joined and left the space', async () => {
    const leaver = await signUpVerified(server, { displayName: 'Leaver' });
    const space = (
      await createPrivateSpace(server, owner, {
        members: [{ user: leaver, status: 'contributor' }],
      })
    ).id;
    const inside = await postProblem(server, owner, 'Inside problem', {
      spaceId: space,
    });
    await gqlData(server.url, JOIN, { id: inside.id }, { token: leaver.token });
    expect(
      (
        await gqlData<{ joinedProblems: unknown[] }>(
          server.url,
          JOINED,
          {},
          { token: leaver.token },
        )
      ).joinedProblems,
    ).toHaveLength(1);
    await setStatus(server, owner, space, leaver, 'blocked');
    expect(
      (
        await gqlData<{ joinedProblems: unknown[] }>(
          server.url,
          JOINED,
          {},
          { token: leaver.token },
        )
      ).joinedProblems,
    ).toEqual([]);
    expect((await listProblems(server, { list: 'mypriorities' }, leaver.token)).items).toEqual([]);
  });
});

/**
 * Someone who worked on a private space's problems and was then blocked can read none of them,
 * so they change none of them: every write answers NOT_FOUND (404 over REST) and changes nothing.
 */
describe('a participant blocked after working on the private space’s problems', () => {
  let worker: TestUser;
  let space: string;
  let own: ProblemView;
  let draft: ProblemView;
  let theirs: ProblemView;
  let ownPart: string;

  const rowsOf = async () => ({
    problems: await server.deps.db
      .select()
      .from(problems)
      .where(eq(problems.spaceId, space))
      .orderBy(problems.id),
    parts: await server.deps.db
      .select()
      .from(problemParts)
      .where(eq(problemParts.problemId, theirs.id))
      .orderBy(problemParts.id),
    measurements: await server.deps.db
      .select()
      .from(problemMeasurements)
      .where(eq(problemMeasurements.problemId, theirs.id)),
    joins: await server.deps.db
      .select()
      .from(problemParticipants)
      .where(eq(problemParticipants.problemId, theirs.id))
      .orderBy(problemParticipants.userId),
  });

  beforeAll(async () => {
    worker = await signUpVerified(server, { displayName: 'Worker' });
    space = (
      await createPrivateSpace(server, owner, {
        members: [{ user: worker, status: 'contributor' }],
      })
    ).id;
    own = await postProblem(server, worker, 'Worker’s #leak', { spaceId: space });
    draft = await postProblem(server, worker, 'Unfinished #leak', {
      spaceId: space,
      isDraft: true,
    });
    theirs = await postProblem(server, owner, 'Owner’s #leak', { spaceId: space });
    await gqlData(server.url, JOIN, { id: theirs.id }, { token: worker.token });
    const part = await gqlData<{ addPart: { id: string } }>(
      server.url,
      ADD_PART,
      { problemId: theirs.id, input: { type: 'thing', name: 'Worker’s valve' } },
      { token: worker.token },
    );
    ownPart = part.addPart.id;
    await gqlData(
      server.url,
      ADD_MEASUREMENT,
      { problemId: theirs.id, input: { name: 'Drips per minute', value: 40 } },
      { token: worker.token },
    );
    await gqlData(
      server.url,
      `mutation($ids: [ID!]!) { updateJoinedProblems(problemIds: $ids) { id } }`,
      { ids: [theirs.id] },
      { token: worker.token },
    );
    await setStatus(server, owner, space, worker, 'blocked');
  });

  const { graphql: notFound, rest: restNotFound } = refusedAsMissing(() => ({
    server,
    token: worker.token,
  }));

  it('cannot edit, publish or delete their own problems there, over GraphQL or REST', async () => {
    const before = await rowsOf();
    const UPDATE = `mutation($id: ID!, $input: UpdateProblemInput!) { updateProblem(id: $id, input: $input) { id } }`;
    await notFound(UPDATE, { id: own.id, input: { name: 'Renamed from outside' } });
    await notFound(UPDATE, { id: draft.id, input: { isDraft: false } });
    await notFound(`mutation($id: ID!) { deleteProblem(id: $id) }`, { id: own.id });
    await restNotFound('PATCH', `/api/problems/${own.id}`, { data: { name: 'Renamed' } });
    await restNotFound('PATCH', `/api/problems/${draft.id}`, { data: { isDraft: false } });
    await restNotFound('DELETE', `/api/problems/${own.id}`);
    expect(await rowsOf()).toEqual(before);
  });

  it('cannot change a status, parts, measurements or their joins there', async () => {
    const before = await rowsOf();
    await notFound(`mutation($id: ID!) { setProblemStatus(id: $id, status: solved) { id } }`, {
      id: theirs.id,
    });
    await notFound(ADD_PART, { problemId: theirs.id, input: { type: 'thing', name: 'Pipe' } });
    await notFound(
      `mutation($p: ID!, $part: ID!, $input: ProblemPartInput!) { updatePart(problemId: $p, partId: $part, input: $input) { id } }`,
      { p: theirs.id, part: ownPart, input: { type: 'thing', name: 'Renamed valve' } },
    );
    await notFound(`mutation($p: ID!, $part: ID!) { deletePart(problemId: $p, partId: $part) }`, {
      p: theirs.id,
      part: ownPart,
    });
    await notFound(ADD_MEASUREMENT, { problemId: theirs.id, input: { name: 'Depth', value: 1 } });
    await notFound(JOIN, { id: theirs.id });
    await notFound(`mutation($id: ID!) { leaveProblem(id: $id) { id } }`, { id: theirs.id });
    await restNotFound('POST', `/api/problems/${theirs.id}/parts`, {
      data: { type: 'thing', name: 'Pipe' },
    });
    await restNotFound('POST', `/api/problems/${theirs.id}/join`, {});
    await restNotFound('POST', `/api/problems/${theirs.id}/leave`, {});
    expect(await rowsOf()).toEqual(before);
  });

  it('cannot post stories or solutions to those problems', async () => {
    await notFound(`mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }`, {
      input: { story: '<p>From outside #leak</p>', problemId: theirs.id },
    });
    await notFound(
      `mutation($input: CreateSolutionInput!) { createSolution(input: $input) { id } }`,
      {
        input: {
          name: 'Outside fix',
          description: '<p>A fix from outside the space</p>',
          problemId: theirs.id,
        },
      },
    );
    const written = await server.deps.db
      .select()
      .from(stories)
      .where(eq(stories.problemId, theirs.id));
    expect(written).toEqual([]);
  });

  it('keeps the priority they gave a problem there when they reorder the problems they can read', async () => {
    await gqlData(
      server.url,
      `mutation($ids: [ID!]!) { updateJoinedProblems(problemIds: $ids) { id } }`,
      { ids: [] },
      { token: worker.token },
    );
    const [join] = await server.deps.db
      .select({ priority: problemParticipants.priority })
      .from(problemParticipants)
      .where(
        and(
          eq(problemParticipants.problemId, theirs.id),
          eq(problemParticipants.userId, worker.id),
        ),
      );
    expect(join).toEqual({ priority: 1 });
  });
});
