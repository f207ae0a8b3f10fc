import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, rest } from '../helpers/clients';
import {
  SET_PROBLEM_STATUS,
  SUSPEND_USER,
  UNSUSPEND_USER,
  addWaypoint,
  createMap,
  createPrivateSpace,
  giveSiteRole,
  postProblem,
  postSolution,
  report,
  signUpVerified,
  type MapView,
  type ProblemView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Issue 24 item 10: the client offers an action only where the server allows it, told by a field
 * computed with the rule the action itself enforces. A kanban board's cards: every node of a map's
 * graph says `canChangeStatus` (the problem's author and the people who joined it), agreeing with
 * the problem's own field over GraphQL and REST and with what a status change answers. A report's
 * Suspend: `canSuspend` (site moderators; never an admin or themselves), agreeing with what a
 * suspension answers.
 */
let server: TestServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let ownProblem: ProblemView;
let otherProblem: ProblemView;
let board: MapView;

const GRAPH = `query($id: ID!) { mapGraph(id: $id) { nodes { key kind refId canChangeStatus } } }`;
const PROBLEM = `query($id: ID!) { problem(id: $id) { id canChangeStatus } }`;
const JOIN = `mutation($id: ID!) { joinProblem(id: $id) { id } }`;
const LEAVE = `mutation($id: ID!) { leaveProblem(id: $id) { id } }`;

interface NodePermission {
  key: string;
  kind: string;
  refId: string;
  canChangeStatus: boolean;
}

async function nodesFor(user: TestUser | null) {
  const data = await gqlData<{ mapGraph: { nodes: NodePermission[] } }>(
    server.url,
    GRAPH,
    { id: board.id },
    { token: user?.token },
  );
  return data.mapGraph.nodes;
}

/** Which problems of the board `user` may move, by the map's nodes. */
async function movableFor(user: TestUser | null) {
  const nodes = await nodesFor(user);
  return Object.fromEntries(
    nodes
      .filter((node) => node.kind === 'problem')
      .map((node) => [node.refId, node.canChangeStatus]),
  );
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, stranger] = await Promise.all([
    signUpVerified(server, { displayName: 'Owner' }),
    signUpVerified(server, { displayName: 'Member' }),
    signUpVerified(server, { displayName: 'Stranger' }),
  ]);
  ownProblem = await postProblem(server, owner, 'Drains overflow on market day');
  otherProblem = await postProblem(server, stranger, 'Street lights are out');
  await postSolution(server, owner, {
    name: 'Mesh guards on the inlets',
    problemId: ownProblem.id,
  });
  board = await createMap(server, owner, { name: 'Status board', type: 'kanban' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('canChangeStatus on a map’s nodes', () => {
  it('is false on every node for a signed-out viewer', async () => {
    const nodes = await nodesFor(null);
    expect(nodes.some((node) => node.kind === 'problem')).toBe(true);
    expect(nodes.filter((node) => node.canChangeStatus)).toEqual([]);
  });

  it('is true for the author on their own problem only, false on nodes that are no problem', async () => {
    expect(await movableFor(owner)).toEqual({
      [ownProblem.id]: true,
      [otherProblem.id]: false,
    });
    const graph = await createMap(server, owner, { name: 'With a waypoint', type: 'graph' });
    await addWaypoint(server, owner, graph.id, 'Ward meeting');
    const nodes = await gqlData<{ mapGraph: { nodes: NodePermission[] } }>(
      server.url,
      GRAPH,
      { id: graph.id },
      { token: owner.token },
    );
    const others = nodes.mapGraph.nodes.filter((node) => node.kind !== 'problem');
    expect(others.map((node) => node.kind).sort()).toEqual(['solution', 'waypoint']);
    expect(others.every((node) => !node.canChangeStatus)).toBe(true);
  });

  it('turns true when a person joins the problem and false again when they leave', async () => {
    expect((await movableFor(member))[ownProblem.id]).toBe(false);
    await gqlData(server.url, JOIN, { id: ownProblem.id }, { token: member.token });
    expect((await movableFor(member))[ownProblem.id]).toBe(true);
    await gqlData(server.url, LEAVE, { id: ownProblem.id }, { token: member.token });
    expect((await movableFor(member))[ownProblem.id]).toBe(false);
  });

  it('agrees with the problem’s own field (GraphQL and REST) and with what a status change answers', async () => {
    await gqlData(server.url, JOIN, { id: otherProblem.id }, { token: member.token });
    for (const user of [owner, member, stranger]) {
      for (const [problemId, movable] of Object.entries(await movableFor(user))) {
        const who = `${user.displayName} on ${problemId}`;
        const own = await gqlData<{ problem: { canChangeStatus: boolean } }>(
          server.url,
          PROBLEM,
          { id: problemId },
          { token: user.token },
        );
        expect(own.problem.canChangeStatus, who).toBe(movable);
        const got = await rest<{ data: { canChangeStatus: boolean } }>(
          server.url,
          'GET',
          `/api/get/v2?path=problems/${problemId}`,
          undefined,
          user.token,
        );
        expect(got.body.data.canChangeStatus, who).toBe(movable);
        const moved = await gql(
          server.url,
          SET_PROBLEM_STATUS,
          { id: problemId, status: 'solving' },
          { token: user.token },
        );
        if (movable) expect(moved.errors, who).toBeUndefined();
        else expect(moved.errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
      }
    }
  });
});

describe('canSuspend on a report', () => {
  let moderator: TestUser;
  let admin: TestUser;
  let reporter: TestUser;
  let spaceOwner: TestUser;
  let spaceMember: TestUser;
  let spaceId: string;

  const QUEUE = `query($spaceId: ID) { reportQueue(spaceId: $spaceId, first: 50) {
    items { id itemId canSuspend reportedAuthor { id } } } }`;
  interface QueuedReport {
    id: string;
    itemId: string;
    canSuspend: boolean;
    reportedAuthor: { id: string } | null;
  }
  const queueOf = async (user: TestUser, queueSpaceId?: string) =>
    (
      await gqlData<{ reportQueue: { items: QueuedReport[] } }>(
        server.url,
        QUEUE,
        { spaceId: queueSpaceId },
        { token: user.token },
      )
    ).reportQueue.items;
  /** Which reported problems `user` is offered Suspend on, by problem id. */
  const offered = async (user: TestUser, queueSpaceId?: string) =>
    Object.fromEntries(
      (await queueOf(user, queueSpaceId)).map((row) => [row.itemId, row.canSuspend]),
    );

  let byWriter: ProblemView;
  let byAdmin: ProblemView;
  let byModerator: ProblemView;
  let inSpace: ProblemView;

  beforeAll(async () => {
    [moderator, admin, reporter, spaceOwner, spaceMember] = await Promise.all([
      signUpVerified(server, { displayName: 'Moderator' }),
      signUpVerified(server, { displayName: 'Admin' }),
      signUpVerified(server, { displayName: 'Reporter' }),
      signUpVerified(server, { displayName: 'Space owner' }),
      signUpVerified(server, { displayName: 'Space member' }),
    ]);
    await giveSiteRole(server, moderator, 'moderator');
    await giveSiteRole(server, admin, 'admin');
    spaceId = (
      await createPrivateSpace(server, spaceOwner, {
        members: [
          { user: spaceMember, status: 'contributor' },
          { user: reporter, status: 'contributor' },
        ],
      })
    ).id;
    byWriter = await postProblem(server, stranger, 'Spam about pumps');
    byAdmin = await postProblem(server, admin, 'An admin’s problem');
    byModerator = await postProblem(server, moderator, 'A moderator’s problem');
    inSpace = await postProblem(server, spaceMember, 'Spam in the committee', { spaceId });
    for (const problem of [byWriter, byAdmin, byModerator, inSpace])
      await report(server, reporter, { itemType: 'problems', itemId: problem.id });
  }, 120_000);

  it('offers Suspend to site moderators, never on an admin or on themselves', async () => {
    expect(await offered(moderator)).toEqual({
      [byWriter.id]: true,
      [byAdmin.id]: false,
      [byModerator.id]: false,
    });
    expect(await offered(admin)).toEqual({
      [byWriter.id]: true,
      [byAdmin.id]: false,
      [byModerator.id]: true,
    });
  });

  it('offers no Suspend to a private space’s owner, who moderates its reports but suspends nobody', async () => {
    expect(await offered(spaceOwner, spaceId)).toEqual({ [inSpace.id]: false });
    const refused = await gql(
      server.url,
      SUSPEND_USER,
      { userId: spaceMember.id, until: new Date(Date.now() + 3600_000).toISOString() },
      { token: spaceOwner.token },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('answers the same over REST (GET /reports)', async () => {
    const listed = await rest<{ items: { id: string; documentID: string; canSuspend: boolean }[] }>(
      server.url,
      'GET',
      '/api/reports',
      undefined,
      moderator.token,
    );
    expect(listed.status).toBe(200);
    expect(
      Object.fromEntries(listed.body.items.map((row) => [row.documentID, row.canSuspend])),
    ).toEqual({ [byWriter.id]: true, [byAdmin.id]: false, [byModerator.id]: false });
  });

  it('agrees with what a suspension answers', async () => {
    for (const user of [moderator, admin]) {
      for (const row of await queueOf(user)) {
        const until = new Date(Date.now() + 3600_000).toISOString();
        const suspended = await gql(
          server.url,
          SUSPEND_USER,
          { userId: row.reportedAuthor!.id, until, reportId: row.id },
          { token: user.token },
        );
        const who = `${user.displayName} suspending the author of ${row.itemId}`;
        if (row.canSuspend) {
          expect(suspended.errors, who).toBeUndefined();
          await gqlData(
            server.url,
            UNSUSPEND_USER,
            { userId: row.reportedAuthor!.id },
            { token: user.token },
          );
        } else expect(suspended.errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
      }
    }
  });
});
