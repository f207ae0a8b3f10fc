import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_MESSAGES, MESSAGES } from '@rules';
import { rest } from '../helpers/clients';
import {
  createMap,
  customLink,
  mapFile,
  postProblem,
  readMap,
  signUpVerified,
  type ProblemView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The spec's map rows (001 §7 'Maps (views)'), their bookmarks and their /list/v2 and /get/v2
 * paths: the shapes they answer. Each row: signed out first, then the success path, then
 * permissions and bad input.
 */
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let problem: ProblemView;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
  ]);
  problem = await postProblem(server, alice, 'Flooded streets');
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/u;
/** A value of this kind, or null. */
const orNull = (kind: unknown) => expect.toBeOneOf([expect.any(kind), null]);
const mapShape = {
  id: expect.any(String),
  path: expect.any(String),
  spaceId: expect.any(String),
  problemId: orNull(String),
  name: expect.any(String),
  description: expect.any(String),
  type: expect.any(String),
  graphType: orNull(String),
  graphtypes: expect.any(Array),
  isPrivate: expect.any(Boolean),
  copyEnabled: expect.any(Boolean),
  cldsEnabled: expect.any(Boolean),
  version: expect.any(Number),
  author: {
    id: expect.any(String),
    displayName: expect.any(String),
    photoURL: expect.any(String),
    role: expect.any(String),
  },
  authorId: expect.any(String),
  authorName: expect.any(String),
  collaborators: expect.any(Array),
  canEdit: expect.any(Boolean),
  canDelete: expect.any(Boolean),
  canCopy: expect.any(Boolean),
  bookmarked: expect.any(Boolean),
  filters: {
    status: expect.any(Array),
    timeRange: expect.any(String),
    startDate: null,
    endDate: null,
    tags: expect.any(Array),
  },
  settings: expect.objectContaining({ planes: expect.any(Array) }),
  customLinks: expect.any(Array),
  nodes2D: expect.any(Object),
  nodes3D: expect.any(Object),
  excluded: expect.any(Array),
  zoomLevel: orNull(Number),
  createdAt: expect.stringMatching(ISO),
  updatedAt: expect.stringMatching(ISO),
};

const errorBody = (code: string, message: string, field: string | null = null) => ({
  success: false,
  error: { code, message, field },
});

interface RestMap {
  id: string;
  path: string;
  version: number;
  problemId: string | null;
  customLinks: { id: string }[];
  nodes2D: Record<string, unknown>;
  settings: Record<string, unknown> & { planes: unknown[] };
}

const postView = (user: TestUser | null, data: Record<string, unknown>, query = '') =>
  rest<{ data: RestMap }>(server.url, 'POST', `/api/views${query}`, { data }, user?.token);

const patchView = (user: TestUser | null, id: string, data: Record<string, unknown>) =>
  rest(server.url, 'PATCH', `/api/views/${id}`, { data }, user?.token);

const deleteView = (user: TestUser | null, query: string) =>
  rest(server.url, 'DELETE', `/api/views?${query}`, undefined, user?.token);

describe('POST /api/views', () => {
  it('answers 401 signed out', async () => {
    const refused = await postView(null, { name: 'Map', type: 'graph', graphtypes: ['2D'] });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(errorBody('UNAUTHENTICATED', MESSAGES.signInRequired));
  });

  it('creates a map from { data } in the active space and answers { success, data }', async () => {
    const created = await postView(
      alice,
      { name: 'Ward map', type: 'graph', graphtypes: ['2D', '3D'], isPrivate: false },
      '?spaceId=ww',
    );
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ success: true, data: mapShape });
    expect(created.body.data).toMatchObject({
      spaceId: 'ww',
      problemId: null,
      path: `views/${created.body.data.id}`,
      graphtypes: ['2D', '3D'],
      graphType: '2D',
      version: 1,
      canEdit: true,
    });
  });

  it('creates a recipe with data.problemId, answered under its problem', async () => {
    const created = await postView(alice, { name: 'Recipe', type: 'graph', problemId: problem.id });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      problemId: problem.id,
      path: `problems/${problem.id}/views/${created.body.data.id}`,
      graphtypes: ['2D'],
    });
  });

  it('answers 422 with the field for a map without a name or graph type', async () => {
    const noName = await postView(alice, { name: '', type: 'graph', graphtypes: ['2D'] });
    expect(noName.status).toBe(422);
    expect(noName.body).toEqual(errorBody('BAD_USER_INPUT', MAP_MESSAGES.nameRequired, 'name'));
    const noType = await postView(alice, { name: 'Map', type: 'graph', graphtypes: [] });
    expect(noType.body).toEqual(
      errorBody('BAD_USER_INPUT', MAP_MESSAGES.graphTypeRequired, 'graphTypes'),
    );
  });
});

describe('PATCH /api/views/{id}', () => {
  it('answers 401 signed out', async () => {
    const map = await createMap(server, alice);
    expect((await patchView(null, map.id, { name: 'x', version: 1 })).status).toBe(401);
  });

  it('saves the spec’s fields and answers { success }; tempNodes and customShapes are ignored', async () => {
    const map = await createMap(server, alice, { graphTypes: ['2D', '3D'] });
    const layer = {
      id: 'p1',
      name: 'Plane',
      color: '#ffffff',
      filterTags: ['water'],
      opacity: 0.5,
      transparent: true,
      wireframe: false,
      showTextName: true,
      textPosition: 'center',
      textFontSize: 36,
      enableAxis: false,
      enableVerticalLines: false,
      xAxisLabel: 'Time',
      yAxisLabel: 'Value',
      xAxisValues: 'Q1',
      xAxisUseDateRange: false,
      xAxisStartDate: '2025-01-01',
      xAxisEndDate: '2025-01-01',
      xAxisNumTicks: 2,
      yAxisValues: '0',
      yAxisUseRange: false,
      yAxisStartValue: 0,
      yAxisEndValue: 1,
      yAxisNumTicks: 2,
    };
    const saved = await patchView(alice, map.id, {
      editId: map.id,
      version: 1,
      name: 'Saved over REST',
      description: 'With every part',
      isPrivate: false,
      customLinks: [customLink('l1', 'tag:water', 'tag:rain', 'cld+')],
      tempNodes: [{ id: 'temp' }],
      customShapes: [{ kind: 'circle' }],
      settings: { showTags: true, planes: [layer] },
      nodes2D: { 'tag:water': { x: 1, y: 2 } },
      nodes3D: { 'tag:water': { x: 1, y: 2, z: 3 } },
      filters: { status: ['solved'], timeRange: 'last7days', tags: [] },
      graphtypes: ['3D'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true });
    const read = await rest<{ data: RestMap }>(
      server.url,
      'GET',
      `/api/get/v2?path=views/${map.id}`,
      undefined,
      bob.token,
    );
    expect(read.body.data).toMatchObject({
      name: 'Saved over REST',
      version: 2,
      graphtypes: ['3D'],
      customLinks: [{ id: 'l1', source: 'tag:water', target: 'tag:rain', type: 'cld+' }],
      nodes2D: { 'tag:water': { x: 1, y: 2 } },
      nodes3D: { 'tag:water': { x: 1, y: 2, z: 3 } },
      filters: { status: ['solved'], timeRange: 'last7days' },
      settings: { showTags: true, planes: [{ id: 'p1', name: 'Plane' }] },
    });
  });

  it('answers 403 to anyone but its editors, 409 with the version to a stale save, 404 for a missing map', async () => {
    const map = await createMap(server, alice);
    const forbidden = await patchView(bob, map.id, { name: 'Bob', version: 1 });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual(errorBody('FORBIDDEN', MAP_MESSAGES.noEditPermission));
    await patchView(alice, map.id, { name: 'First', version: 1 });
    const stale = await patchView(alice, map.id, { name: 'Second', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      success: false,
      error: { code: 'CONFLICT', message: MAP_MESSAGES.stale, field: null, version: 2 },
    });
    expect((await patchView(alice, 'no-such-map', { name: 'x', version: 1 })).status).toBe(404);
  });

  describe('without a version (the spec’s payload: editId and no version)', () => {
    const readView = async (id: string) =>
      (
        await rest<{ data: RestMap & Record<string, unknown> }>(
          server.url,
          'GET',
          `/api/get/v2?path=views/${id}`,
          undefined,
          alice.token,
        )
      ).body.data;

    it('applies name, description, privacy and settings whatever changed since', async () => {
      const map = await createMap(server, alice);
      await patchView(alice, map.id, { name: 'Moved on', version: 1 });
      const saved = await patchView(alice, map.id, {
        editId: map.id,
        name: 'Renamed without a version',
        description: 'New words',
        isPrivate: true,
        settings: { showTags: false, backgroundColor: '#101010' },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ success: true });
      expect(await readView(map.id)).toMatchObject({
        name: 'Renamed without a version',
        description: 'New words',
        isPrivate: true,
        settings: { showTags: false, backgroundColor: '#101010' },
        version: 3,
      });
    });

    it('saves a graph only while nothing changed since the map was made; else 409 with the version, changing nothing', async () => {
      const map = await createMap(server, alice);
      const first = await patchView(alice, map.id, {
        editId: map.id,
        customLinks: [customLink('l1', 'tag:water', 'tag:rain', 'cld+')],
        nodes2D: { 'tag:water': { x: 1, y: 2 } },
      });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ success: true });
      expect(await readView(map.id)).toMatchObject({
        version: 2,
        customLinks: [{ id: 'l1' }],
        nodes2D: { 'tag:water': { x: 1, y: 2 } },
      });
      const stale = await patchView(alice, map.id, {
        editId: map.id,
        name: 'Not applied either',
        customLinks: [],
        nodes2D: { 'tag:water': { x: 9, y: 9 } },
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual({
        success: false,
        error: { code: 'CONFLICT', message: MAP_MESSAGES.stale, field: null, version: 2 },
      });
      expect(await readView(map.id)).toMatchObject({
        name: map.name,
        version: 2,
        customLinks: [{ id: 'l1' }],
        nodes2D: { 'tag:water': { x: 1, y: 2 } },
      });
      // With the version the 409 named, the same save applies.
      const retried = await patchView(alice, map.id, {
        editId: map.id,
        version: 2,
        customLinks: [],
        nodes2D: { 'tag:water': { x: 9, y: 9 } },
      });
      expect(retried.body).toEqual({ success: true });
    });

    it('still refuses anyone but the map’s editors (403) and bad input (422)', async () => {
      const map = await createMap(server, alice);
      const forbidden = await patchView(bob, map.id, { editId: map.id, name: 'Bob' });
      expect(forbidden.status).toBe(403);
      const blank = await patchView(alice, map.id, { editId: map.id, name: '' });
      expect(blank.status).toBe(422);
      expect(blank.body).toEqual(errorBody('BAD_USER_INPUT', MAP_MESSAGES.nameRequired, 'name'));
      expect((await readView(map.id)).version).toBe(1);
    });
  });
});

describe('DELETE /api/views', () => {
  it('answers 401 signed out', async () => {
    const map = await createMap(server, alice);
    expect((await deleteView(null, `linkId=${map.id}`)).status).toBe(401);
  });

  it('deletes a map by linkId, and a recipe with path=problems/{id}: { success }', async () => {
    const map = await createMap(server, alice);
    const done = await deleteView(alice, `linkId=${map.id}`);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true });
    expect(await readMap(server, alice, map.id)).toBeNull();
    const recipe = await createMap(server, alice, { problemId: problem.id });
    const elsewhere = await postProblem(server, alice, 'Another problem');
    expect(
      (await deleteView(alice, `linkId=${recipe.id}&path=problems/${elsewhere.id}`)).status,
    ).toBe(404);
    expect(
      (await deleteView(alice, `linkId=${recipe.id}&path=problems/${problem.id}`)).body,
    ).toEqual({ success: true });
  });

  it('answers 403 to anyone but the author and 404 without a linkId', async () => {
    const map = await createMap(server, alice);
    const refused = await deleteView(bob, `linkId=${map.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorBody('FORBIDDEN', MAP_MESSAGES.noEditPermission));
    expect((await deleteView(alice, '')).status).toBe(404);
  });
});

describe('POST /api/views/import/data', () => {
  it('answers 401 signed out', async () => {
    const refused = await rest(server.url, 'POST', '/api/views/import/data', { data: mapFile() });
    expect(refused.status).toBe(401);
  });

  it('imports the exported file and answers { success, data }', async () => {
    const imported = await rest<{ data: RestMap }>(
      server.url,
      'POST',
      '/api/views/import/data',
      { data: mapFile({ name: 'From a file', positions2d: { 'tag:water': { x: 1, y: 1 } } }) },
      alice.token,
    );
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ success: true, data: mapShape });
    expect(imported.body.data).toMatchObject({
      name: 'From a file',
      nodes2D: { 'tag:water': { x: 1, y: 1 } },
    });
  });

  it('answers 422 naming the field of a bad file', async () => {
    const refused = await rest(
      server.url,
      'POST',
      '/api/views/import/data',
      { data: { format: 'csv' } },
      alice.token,
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual(
      errorBody('BAD_USER_INPUT', MAP_MESSAGES.importInvalid, 'data.format'),
    );
  });
});

describe('/list/v2 and /get/v2 paths', () => {
  it('lists a space’s maps as { success, items, last }, with authorId for My and the A-Z sort', async () => {
    await createMap(server, bob, { name: 'aaa Bob first' });
    await createMap(server, alice, { name: 'AAA Alice first' });
    const all = await rest<{ items: RestMap[]; last: string | null }>(
      server.url,
      'GET',
      '/api/list/v2?path=views&spaceId=ww&orderBy=A-Z&results=2',
    );
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      success: true,
      items: [mapShape, mapShape],
      // A-Z: not in time order.
      last: expect.any(String),
      lastScannedWhen: null,
    });
    expect(all.body.items.map((map) => (map as unknown as { name: string }).name)).toEqual([
      'AAA Alice first',
      'aaa Bob first',
    ]);
    const mine = await rest<{ items: { authorId: string }[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=views&spaceId=ww&authorId=${bob.id}`,
      undefined,
      bob.token,
    );
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.every((map) => map.authorId === bob.id)).toBe(true);
    // Past REST's largest page (1000) a list serves that many, as every list does.
    const large = await rest(server.url, 'GET', '/api/list/v2?path=views&spaceId=ww&results=5000');
    expect(large.status).toBe(200);
  });

  it("lists and gets a problem's recipes under its path", async () => {
    const recipe = await createMap(server, bob, { problemId: problem.id, name: 'Bob recipe' });
    const list = await rest<{ items: { id: string }[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=problems/${problem.id}/views`,
    );
    expect(list.body.items.map((item) => item.id)).toContain(recipe.id);
    const got = await rest<{ data: RestMap }>(
      server.url,
      'GET',
      `/api/get/v2?path=problems/${problem.id}/views/${recipe.id}`,
    );
    expect(got.body).toEqual({ success: true, data: mapShape });
    const wrongProblem = await postProblem(server, alice, 'Unrelated problem');
    const refused = await rest(
      server.url,
      'GET',
      `/api/get/v2?path=problems/${wrongProblem.id}/views/${recipe.id}`,
    );
    expect(refused.status).toBe(404);
    expect((await rest(server.url, 'GET', '/api/get/v2?path=views/missing')).status).toBe(404);
  });
});

describe('/list/v2 nodes and links of a map', () => {
  const SPACE = 'fi';
  const nodeShape = {
    id: expect.any(String),
    key: expect.any(String),
    type: expect.any(String),
    refId: expect.any(String),
    name: expect.any(String),
    description: orNull(String),
    status: orNull(String),
    photoURL: orNull(String),
    tags: expect.any(Array),
    createdAt: orNull(String),
    lat: orNull(Number),
    lng: orNull(Number),
    canChangeStatus: expect.any(Boolean),
    position2D: expect.toBeOneOf([{ x: expect.any(Number), y: expect.any(Number) }, null]),
    position3D: expect.toBeOneOf([
      { x: expect.any(Number), y: expect.any(Number), z: expect.any(Number) },
      null,
    ]),
  };
  const linkShape = {
    id: expect.any(String),
    custom: expect.any(Boolean),
    name: expect.any(String),
    description: expect.any(String),
    linkType: expect.any(String),
    source: expect.any(String),
    target: expect.any(String),
    sourceType: orNull(String),
    sourceId: expect.any(String),
    targetType: orNull(String),
    targetId: expect.any(String),
    style: expect.toBeOneOf([expect.any(Object), null]),
  };
  type Listed = { items: Record<string, unknown>[]; last: string | null };
  const list = (path: string, user: TestUser | null = alice, query = '') =>
    rest<Listed>(
      server.url,
      'GET',
      `/api/list/v2?path=${path}&spaceId=${SPACE}${query}`,
      undefined,
      user?.token,
    );

  let wells: ProblemView;
  let map: RestMap;
  beforeAll(async () => {
    wells = await postProblem(server, alice, 'Dry wells in Lapland', { spaceId: SPACE });
    map = (
      await postView(
        alice,
        { name: 'Wells', type: 'graph', graphtypes: ['2D'] },
        `?spaceId=${SPACE}`,
      )
    ).body.data;
    const problemKey = `problem:${wells.id}`;
    const saved = await patchView(alice, map.id, {
      version: map.version,
      settings: { showTags: true },
      customLinks: [customLink('drawn', problemKey, 'tag:water', 'cld+')],
      nodes2D: { [problemKey]: { x: 10, y: 20 } },
    });
    expect(saved.status).toBe(200);
  });

  it('lists a map’s nodes (views/{id}/nodes) with where the map places them', async () => {
    const nodes = await list(`views/${map.id}/nodes`);
    expect(nodes.status).toBe(200);
    expect(nodes.body).toMatchObject({ success: true, last: null });
    for (const node of nodes.body.items) expect(node).toEqual(nodeShape);
    expect(nodes.body.items).toContainEqual({
      ...nodeShape,
      id: `problem:${wells.id}`,
      key: `problem:${wells.id}`,
      type: 'problem',
      refId: wells.id,
      name: 'Dry wells in Lapland',
      status: 'unsolved',
      position2D: { x: 10, y: 20 },
      position3D: null,
    });
    expect(nodes.body.items.map((node) => node.key)).toContain('tag:water');
  });

  it('lists a map’s links (views/{id}/links): the content’s own and the drawn ones', async () => {
    const links = await list(`views/${map.id}/links`);
    expect(links.status).toBe(200);
    for (const link of links.body.items) expect(link).toEqual(linkShape);
    expect(links.body.items).toContainEqual({
      id: 'drawn',
      custom: true,
      name: '',
      description: '',
      linkType: 'cld+',
      source: `problem:${wells.id}`,
      target: 'tag:water',
      sourceType: 'problem',
      sourceId: wells.id,
      targetType: 'tag',
      targetId: 'water',
      style: expect.any(Object),
    });
    expect(links.body.items).toContainEqual(
      expect.objectContaining({
        custom: false,
        linkType: 'tagged',
        source: `problem:${wells.id}`,
        target: 'tag:water',
        style: null,
      }),
    );
  });

  it('pages by results and lastDocumentID, and lists the space’s default map as bare nodes and links', async () => {
    const first = await list(`views/${map.id}/nodes`, alice, '&results=1');
    expect(first.body.items).toHaveLength(1);
    expect(first.body.last).toEqual(expect.any(String));
    const second = await list(
      `views/${map.id}/nodes`,
      alice,
      `&results=1&lastDocumentID=${first.body.last}`,
    );
    expect(second.body.items[0]?.key).not.toBe(first.body.items[0]?.key);
    const spaceNodes = await list('nodes', null);
    expect(spaceNodes.status).toBe(200);
    expect(spaceNodes.body.items.map((node) => node.key)).toContain(`problem:${wells.id}`);
    const spaceLinks = await list('links', null);
    expect(spaceLinks.status).toBe(200);
    expect(spaceLinks.body.items.every((link) => link.custom === false)).toBe(true);
  });

  it('lists a recipe’s under its problem, and answers 404 for a map one may not read or a wrong problem', async () => {
    const recipe = await createMap(server, alice, { problemId: wells.id, name: 'Recipe' });
    const nodes = await list(`problems/${wells.id}/views/${recipe.id}/nodes`);
    expect(nodes.status).toBe(200);
    expect(nodes.body.items.map((node) => node.key)).toContain(`problem:${wells.id}`);
    const wrong = await list(`problems/${problem.id}/views/${recipe.id}/links`);
    expect(wrong.status).toBe(404);
    const secret = await createMap(server, alice, { spaceId: SPACE, isPrivate: true });
    expect((await list(`views/${secret.id}/nodes`, bob)).status).toBe(404);
    expect((await list(`views/${secret.id}/links`, null)).status).toBe(404);
    expect((await list(`views/missing/nodes`)).status).toBe(404);
    const badCursor = await list(`views/${map.id}/links`, alice, '&lastDocumentID=nonsense');
    expect(badCursor.status).toBe(422);
  });
});

describe('bookmarks of maps', () => {
  it('answers 401 signed out', async () => {
    const map = await createMap(server, alice);
    const refused = await rest(server.url, 'POST', '/api/bookmarks/bookmark', {
      path: `views/${map.id}`,
    });
    expect(refused.status).toBe(401);
  });

  it('bookmarks views/{id} and problems/{id}/views/{id}, listed in /bookmarks with their path', async () => {
    const map = await createMap(server, alice, { name: 'Bookmarked map' });
    const recipe = await createMap(server, alice, {
      problemId: problem.id,
      name: 'Bookmarked recipe',
    });
    for (const path of [`views/${map.id}`, `problems/${problem.id}/views/${recipe.id}`]) {
      const done = await rest(server.url, 'POST', '/api/bookmarks/bookmark', { path }, bob.token);
      expect(done.body).toEqual({ success: true });
    }
    const listed = await rest<{
      items: { itemType: string; itemId: string; path: string; item: RestMap }[];
    }>(server.url, 'GET', '/api/bookmarks', undefined, bob.token);
    expect(listed.body.items.slice(0, 2)).toEqual([
      {
        itemType: 'views',
        itemId: recipe.id,
        path: `problems/${problem.id}/views/${recipe.id}`,
        when: expect.stringMatching(ISO),
        item: { ...mapShape, bookmarked: true },
      },
      {
        itemType: 'views',
        itemId: map.id,
        path: `views/${map.id}`,
        when: expect.stringMatching(ISO),
        item: { ...mapShape, bookmarked: true },
      },
    ]);
    const undone = await rest(
      server.url,
      'POST',
      '/api/bookmarks/unbookmark',
      { path: `views/${map.id}` },
      bob.token,
    );
    expect(undone.body).toEqual({ success: true });
    expect((await readMap(server, bob, map.id))!.bookmarked).toBe(false);
  });

  it('answers 404 for a recipe named under another problem', async () => {
    const recipe = await createMap(server, alice, { problemId: problem.id });
    const other = await postProblem(server, alice, 'Other problem here');
    const refused = await rest(
      server.url,
      'POST',
      '/api/bookmarks/bookmark',
      { path: `problems/${other.id}/views/${recipe.id}` },
      bob.token,
    );
    expect(refused.status).toBe(404);
  });
});
