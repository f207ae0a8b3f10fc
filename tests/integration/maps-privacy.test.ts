import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, rest, subscribe } from '../helpers/clients';
import {
  LAST_MAP,
  MAP_SAVED,
  PROBLEM,
  addWaypoint,
  bookmark,
  createMap,
  createPrivateSpace,
  customLink,
  giveSiteRole,
  listMaps,
  listMyBookmarks,
  listWaypoints,
  mapGraph,
  moderate,
  nodeKeys,
  postProblem,
  postSolution,
  postStory,
  readMap,
  saveMap,
  signUpVerified,
  type MapView,
  type ProblemView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Who sees a map, and what a map shows: a private map is its author's (and collaborators') alone,
 * a map in a private space its members' alone, and a graph shows only what each item's own
 * policy lists to the viewer.
 */
let server: TestServer;
let author: TestUser;
let collaborator: TestUser;
let reader: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [author, collaborator, reader, moderator] = await Promise.all([
    signUpVerified(server, { displayName: 'Author' }),
    signUpVerified(server, { displayName: 'Collaborator' }),
    signUpVerified(server, { displayName: 'Reader' }),
    signUpVerified(server, { displayName: 'Moderator' }),
  ]);
  await giveSiteRole(server, moderator, 'moderator');
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const restGet = (user: TestUser | null, path: string) =>
  rest<{ data: { id: string } }>(
    server.url,
    'GET',
    `/api/get/v2?path=${encodeURIComponent(path)}`,
    undefined,
    user?.token,
  );

const restList = (user: TestUser | null, path: string, query = '') =>
  rest<{ items: { id: string }[] }>(
    server.url,
    'GET',
    `/api/list/v2?path=${encodeURIComponent(path)}${query}`,
    undefined,
    user?.token,
  );

/** Every place a map shows to `user`: the lists, the get, its REST rows and their bookmarks. */
async function mapEverywhere(user: TestUser | null, map: MapView) {
  const where = map.problemId ? { problemId: map.problemId } : { spaceId: map.spaceId };
  const listed = (await listMaps(server, user, where)).items.some((item) => item.id === map.id);
  const listPath = map.problemId ? `problems/${map.problemId}/views` : 'views';
  const restListed = (await restList(user, listPath, `&spaceId=${map.spaceId}`)).body.items?.some(
    (item) => item.id === map.id,
  );
  const getPath = map.problemId ? `problems/${map.problemId}/views/${map.id}` : `views/${map.id}`;
  return {
    listed,
    read: (await readMap(server, user, map.id)) !== null,
    restListed: !!restListed,
    restRead: (await restGet(user, getPath)).status === 200,
    bookmarked: user
      ? (await listMyBookmarks(server, user)).items.some((item) => item.itemId === map.id)
      : false,
  };
}

const NOWHERE = {
  listed: false,
  read: false,
  restListed: false,
  restRead: false,
  bookmarked: false,
};

describe('a private map', () => {
  let problem: ProblemView;
  let map: MapView;
  let recipe: MapView;
  beforeAll(async () => {
    problem = await postProblem(server, author, 'Wells run dry');
    map = await createMap(server, author, { name: 'Private plan' });
    recipe = await createMap(server, author, { problemId: problem.id, name: 'Private recipe' });
    // The reader bookmarks both while they are public; then the author makes them private.
    await bookmark(server, reader, { itemType: 'views', itemId: map.id });
    await bookmark(server, reader, { itemType: 'views', itemId: recipe.id });
    map = await saveMap(server, author, map, {
      isPrivate: true,
      collaboratorIds: [collaborator.id],
    });
    recipe = await saveMap(server, author, recipe, { isPrivate: true });
  });

  it('is absent for everyone else in every list, get, REST row and bookmark list', async () => {
    for (const user of [reader, null]) {
      expect(await mapEverywhere(user, map)).toEqual(NOWHERE);
      expect(await mapEverywhere(user, recipe)).toEqual(NOWHERE);
    }
    expect(await mapEverywhere(author, map)).toMatchObject({
      listed: true,
      read: true,
      restListed: true,
      restRead: true,
    });
    expect(await mapEverywhere(collaborator, map)).toMatchObject({ listed: true, read: true });
  });

  it("counts in no problem's recipes", async () => {
    const seen = await gql<{ problem: ProblemView }>(
      server.url,
      PROBLEM,
      { id: problem.id },
      { token: reader.token },
    );
    expect(seen.data?.problem.counters.totalRecipes).toBe(0);
  });

  it('cannot be bookmarked, copied, drawn or saved by anyone else, as if it did not exist', async () => {
    for (const query of [
      `mutation($id: ID!) { bookmark(itemType: views, itemId: $id) }`,
      `mutation($id: ID!) { copyProgressMap(id: $id) { id } }`,
      `query($id: ID!) { mapGraph(id: $id) { nodes { key } } }`,
      `query($id: ID!) { mapLoops(id: $id) { truncated } }`,
      `query($id: ID!) { mapProgress(id: $id) { total } }`,
      `mutation($id: ID!) { updateProgressMap(id: $id, input: { version: 2, name: "x" }) { id } }`,
      `mutation($id: ID!) { addWaypoint(mapId: $id, input: { name: "x" }) { id } }`,
    ]) {
      const refused = await gql(server.url, query, { id: map.id }, { token: reader.token });
      expect(refused.errors?.[0]?.extensions?.code, query).toBe('NOT_FOUND');
    }
    const bookmarkOverRest = await rest(
      server.url,
      'POST',
      '/api/bookmarks/bookmark',
      { path: `problems/${problem.id}/views/${recipe.id}` },
      reader.token,
    );
    expect(bookmarkOverRest.status).toBe(404);
  });

  it('keeps its waypoints out of the space’s waypoint list for everyone else', async () => {
    const waypoint = await addWaypoint(server, author, map.id, 'Secret step');
    const ids = async (user: TestUser) =>
      (await listWaypoints(server, user, { scope: 'space', spaceId: 'ww' })).items.map(
        (item) => item.id,
      );
    expect(await ids(author)).toContain(waypoint.id);
    expect(await ids(collaborator)).toContain(waypoint.id);
    expect(await ids(reader)).not.toContain(waypoint.id);
  });

  it("is not the reader's last map, and refuses the reader's subscription", async () => {
    const last = await gql<{ lastProgressMap: { id: string } | null }>(
      server.url,
      LAST_MAP,
      { spaceId: 'ww' },
      { token: reader.token },
    );
    expect(last.data?.lastProgressMap).toBeNull();
    const live = await subscribe(server.url, MAP_SAVED, { id: map.id }, { token: reader.token });
    try {
      await expect(live.take(1, 3000)).rejects.toThrow(/NOT_FOUND|Item has been deleted/u);
    } finally {
      await live.close();
    }
  });
});

describe('a map in a private space', () => {
  it('is absent for people outside the space, and for its invited people', async () => {
    const outsider = await signUpVerified(server, { displayName: 'Outsider' });
    const space = await createPrivateSpace(server, author, {
      members: [
        { user: collaborator, status: 'contributor' },
        { user: outsider, status: 'invited' },
      ],
    });
    const map = await createMap(server, author, { spaceId: space.id, name: 'Committee map' });
    expect(await readMap(server, collaborator, map.id)).not.toBeNull();
    for (const user of [outsider, reader, null]) {
      expect(await readMap(server, user, map.id)).toBeNull();
      const list = await gql(
        server.url,
        `query($spaceId: ID) { progressMaps(spaceId: $spaceId) { items { id } } }`,
        { spaceId: space.id },
        { token: user?.token },
      );
      expect(list.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect((await restGet(user, `views/${map.id}`)).status).toBe(404);
    }
  });
});

describe('the graph of a map', () => {
  it('never shows a draft, a hidden or a pending item, or one of another space', async () => {
    const elsewhere = await createPrivateSpace(server, author);
    const shown = await postProblem(server, author, 'Shown problem');
    const draft = await postProblem(server, author, 'Draft problem', { isDraft: true });
    const pending = await postProblem(server, author, 'Pending problem', {
      isAnonymousPost: true,
    });
    const hidden = await postProblem(server, author, 'Hidden problem');
    await moderate(server, moderator, 'hide', { itemType: 'problems', itemId: hidden.id });
    const foreign = await postProblem(server, author, 'Elsewhere', { spaceId: elsewhere.id });
    const solution = await postSolution(server, author, { problemId: shown.id });
    const draftSolution = await postSolution(server, author, { isDraft: true });
    await postStory(server, author, '<p>A story in the feed #water</p>');

    const map = await createMap(server, author, { name: 'Everything' });
    for (const user of [author, reader, moderator, null]) {
      const keys = nodeKeys(await mapGraph(server, user, map.id));
      expect(keys).toContain(`problem:${shown.id}`);
      expect(keys).toContain(`solution:${solution.id}`);
      for (const refused of [draft, pending, hidden, foreign])
        expect(keys).not.toContain(`problem:${refused.id}`);
      expect(keys).not.toContain(`solution:${draftSolution.id}`);
    }
  });

  it('drops a custom link to a node the viewer cannot see, and keeps it through a save', async () => {
    const shown = await postProblem(server, author, 'Visible end');
    const draft = await postProblem(server, author, 'Draft end', { isDraft: true });
    const elsewhere = await createPrivateSpace(server, author);
    const foreign = await postProblem(server, author, 'Foreign end', {
      spaceId: elsewhere.id,
    });
    const map = await createMap(server, author);
    const saved = await saveMap(server, author, map, {
      links: [
        customLink('ok', `problem:${shown.id}`, 'tag:water', 'cld+'),
        customLink('to-draft', `problem:${shown.id}`, `problem:${draft.id}`, 'cld-'),
        customLink('to-foreign', `problem:${foreign.id}`, `problem:${shown.id}`),
      ],
      collaboratorIds: [collaborator.id],
    });
    expect(saved.links.map((link) => link.id)).toEqual(['ok']);
    expect((await readMap(server, reader, map.id))!.links.map((link) => link.id)).toEqual(['ok']);
    const restLinks = (await restGet(reader, `views/${map.id}`)).body.data as unknown as {
      customLinks: { id: string }[];
    };
    expect(restLinks.customLinks.map((link) => link.id)).toEqual(['ok']);

    // A collaborator's save of what they loaded does not lose the links they could not see.
    const asCollaborator = await readMap(server, collaborator, map.id);
    await saveMap(server, collaborator, asCollaborator!, {
      links: [...asCollaborator!.links, customLink('new', 'tag:water', 'tag:wells')],
    });
    await gql(
      server.url,
      `mutation($id: ID!) { updateProblem(id: $id, input: { isDraft: false }) { id } }`,
      { id: draft.id },
      { token: author.token },
    );
    expect((await readMap(server, reader, map.id))!.links.map((link) => link.id).sort()).toEqual([
      'new',
      'ok',
      'to-draft',
    ]);
  });
});
