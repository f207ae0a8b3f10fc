import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, subscribe, type LiveSubscription } from '../helpers/clients';
import {
  DELETE_MAP,
  MAP_SAVED,
  createMap,
  createPrivateSpace,
  postProblem,
  saveMap,
  setProblemStatus,
  setStatus,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/** Live maps over graphql-ws: saves reach every reader, kanban cards move for every viewer. */

type Saved = {
  progressMapSaved: { id: string; name: string; version: number; isPrivate: boolean };
};
type StatusChanged = { problemStatusChanged: { id: string; status: string } };

const STATUS_CHANGED = `subscription($spaceId: ID) { problemStatusChanged(spaceId: $spaceId) { id status } }`;

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
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const open: LiveSubscription<unknown>[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((subscription) => subscription.close()));
});

async function follow<T>(query: string, variables: Record<string, unknown>, user?: TestUser) {
  const subscription = await subscribe<T>(server.url, query, variables, { token: user?.token });
  open.push(subscription as LiveSubscription<unknown>);
  return subscription;
}

describe('progressMapSaved', () => {
  it('brings a saved change to another reader within a second', async () => {
    const map = await createMap(server, alice, { name: 'Shared plan' });
    const reader = await follow<Saved>(MAP_SAVED, { id: map.id }, bob);
    const signedOut = await follow<Saved>(MAP_SAVED, { id: map.id });
    await saveMap(server, alice, map, { name: 'Shared plan, saved' });
    const [event] = await reader.take(1, 1000);
    expect(event!.progressMapSaved).toEqual({
      id: map.id,
      name: 'Shared plan, saved',
      version: 2,
      isPrivate: false,
    });
    expect((await signedOut.take(1, 1000))[0]!.progressMapSaved.version).toBe(2);
  });

  it("refuses a private map's subscriber who is not its author or a collaborator", async () => {
    const map = await createMap(server, alice, { isPrivate: true });
    const refused = await follow<Saved>(MAP_SAVED, { id: map.id }, bob);
    await expect(refused.take(1, 3000)).rejects.toThrow(/NOT_FOUND|Item has been deleted/u);
    const own = await follow<Saved>(MAP_SAVED, { id: map.id }, alice);
    await saveMap(server, alice, map, { description: 'Only mine' });
    expect((await own.take(1))[0]!.progressMapSaved.version).toBe(2);
  });

  it('ends for the readers a save makes it private to, and keeps its collaborators', async () => {
    const map = await createMap(server, alice);
    const shared = await saveMap(server, alice, map, { collaboratorIds: [carol.id] });
    const reader = await follow<Saved>(MAP_SAVED, { id: map.id }, bob);
    const collaborator = await follow<Saved>(MAP_SAVED, { id: map.id }, carol);
    await saveMap(server, alice, shared, { isPrivate: true });
    await reader.completed;
    expect(reader.received).toEqual([]);
    expect((await collaborator.take(1))[0]!.progressMapSaved).toMatchObject({ isPrivate: true });
  });

  it('ends when the map is deleted', async () => {
    const map = await createMap(server, alice);
    const reader = await follow<Saved>(MAP_SAVED, { id: map.id }, bob);
    await gqlData(server.url, DELETE_MAP, { id: map.id }, { token: alice.token });
    await reader.completed;
    expect(reader.received).toEqual([]);
  });
});

describe('problemStatusChanged (kanban)', () => {
  it('moves a card for a viewer of the space, not for an outsider of a private space', async () => {
    const space = await createPrivateSpace(server, alice, {
      members: [{ user: bob, status: 'contributor' }],
    });
    const problem = await postProblem(server, alice, 'Broken pump', { spaceId: space.id });
    const member = await follow<StatusChanged>(STATUS_CHANGED, { spaceId: space.id }, bob);
    const outsider = await follow<StatusChanged>(STATUS_CHANGED, { spaceId: space.id }, carol);
    await expect(outsider.take(1, 3000)).rejects.toThrow(/NOT_FOUND|Item has been deleted/u);
    const elsewhere = await follow<StatusChanged>(STATUS_CHANGED, { spaceId: 'ww' }, carol);

    await setProblemStatus(server, alice, problem.id, 'solving');
    const [moved] = await member.take(1, 1000);
    expect(moved!.problemStatusChanged).toEqual({ id: problem.id, status: 'solving' });
    // Events arrive in order: had the private card moved elsewhere, it would come before this one.
    const open = await postProblem(server, alice, 'Open pump');
    await setProblemStatus(server, alice, open.id, 'solving');
    expect((await elsewhere.take(1)).map((event) => event.problemStatusChanged.id)).toEqual([
      open.id,
    ]);
  });

  it('follows each problem’s own rule per event: a draft moves for its author only, a blocked member sees no more', async () => {
    const space = await createPrivateSpace(server, alice, {
      members: [{ user: bob, status: 'contributor' }],
    });
    const draft = await postProblem(server, alice, 'Draft card', {
      spaceId: space.id,
      isDraft: true,
    });
    const listed = await postProblem(server, alice, 'Listed card', { spaceId: space.id });
    const author = await follow<StatusChanged>(STATUS_CHANGED, { spaceId: space.id }, alice);
    const member = await follow<StatusChanged>(STATUS_CHANGED, { spaceId: space.id }, bob);
    await setProblemStatus(server, alice, draft.id, 'solving');
    expect((await author.take(1))[0]!.problemStatusChanged.id).toBe(draft.id);
    // Events arrive in order: the draft's move would reach the member before the listed card's.
    await setProblemStatus(server, alice, listed.id, 'solving');
    expect((await member.take(1)).map((event) => event.problemStatusChanged.id)).toEqual([
      listed.id,
    ]);

    await setStatus(server, alice, space.id, bob, 'blocked');
    await setProblemStatus(server, alice, listed.id, 'solved');
    expect((await author.take(3))[2]!.problemStatusChanged).toEqual({
      id: listed.id,
      status: 'solved',
    });
    // Back as a member, the next move is the first they see since the block.
    await setStatus(server, alice, space.id, bob, 'contributor');
    await setProblemStatus(server, alice, listed.id, 'solving');
    expect((await member.take(2)).map((event) => event.problemStatusChanged)).toEqual([
      { id: listed.id, status: 'solving' },
      { id: listed.id, status: 'solving' },
    ]);
  });
});
