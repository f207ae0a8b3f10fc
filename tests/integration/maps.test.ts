import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAP_MESSAGES, MESSAGES, TIME_RANGE_MESSAGES } from '@rules';
import { bookmarks, mapCollaborators, maps, waypoints } from '../../server/src/db/schema';
import { gql, gqlData, gqlError, rest } from '../helpers/clients';
import { counterMismatches } from '../helpers/counters';
import {
  COPY_MAP,
  CREATE_MAP,
  DELETE_MAP,
  IMPORT_MAP,
  PROBLEM,
  addWaypoint,
  bookmark,
  createMap,
  createPrivateSpace,
  customLink,
  listMaps,
  mapFile,
  mapInput,
  mapNames,
  postProblem,
  readMap,
  saveMap,
  saveMapError,
  signUpVerified,
  type MapView,
  type ProblemView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dan: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol, dan] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Carol' }),
    signUpVerified(server, { displayName: 'Dan' }),
  ]);
});
afterEach(async () => {
  expect(await counterMismatches(server.deps.db)).toEqual([]);
});
afterAll(async () => {
  await server?.stop();
});

const createError = (user: TestUser | null, input: object) =>
  gqlError(server.url, CREATE_MAP, { input }, { token: user?.token });

const copyMap = async (user: TestUser, id: string, name?: string) =>
  (
    await gqlData<{ copyProgressMap: MapView }>(
      server.url,
      COPY_MAP,
      { id, name },
      { token: user.token },
    )
  ).copyProgressMap;

const importMap = (user: TestUser, data: unknown, where: Record<string, unknown> = {}) =>
  gql<{ importProgressMap: MapView }>(
    server.url,
    IMPORT_MAP,
    { data, ...where },
    { token: user.token },
  );

const deleteMap = (user: TestUser | null, id: string) =>
  gql<{ deleteProgressMap: boolean }>(server.url, DELETE_MAP, { id }, { token: user?.token });

async function totalRecipes(problemId: string) {
  const data = await gqlData<{ problem: ProblemView }>(
    server.url,
    PROBLEM,
    { id: problemId },
    { token: alice.token },
  );
  return data.problem.counters.totalRecipes;
}

async function mapRowCount() {
  const [row] = await server.deps.db.select({ total: count() }).from(maps);
  return row!.total;
}

describe('createProgressMap (the map wizard)', () => {
  it('refuses a signed-out visitor', async () => {
    expect(await createError(null, mapInput())).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("creates a 2D graph map in the viewer's active space, at version 1, theirs to edit", async () => {
    const map = await createMap(server, alice, {
      name: '  Water in Ward 12 ',
      description: 'How the wells connect',
    });
    expect(map).toMatchObject({
      spaceId: 'ww',
      problemId: null,
      name: 'Water in Ward 12',
      description: 'How the wells connect',
      type: 'graph',
      graphTypes: ['2D'],
      isPrivate: false,
      copyEnabled: true,
      cldsEnabled: true,
      version: 1,
      canEdit: true,
      canDelete: true,
      canCopy: true,
      bookmarked: false,
      links: [],
      layers: [],
      excluded: [],
      author: { id: alice.id, displayName: 'Alice' },
      collaborators: [],
      filters: { statuses: [], timeRange: 'alltime', startDate: null, endDate: null, tags: [] },
    });
    expect(map.settings).toMatchObject({ backgroundColor: '#f9f9f9', nodeSize: 10 });
    expect(await readMap(server, bob, map.id)).toMatchObject({
      id: map.id,
      canEdit: false,
      canDelete: false,
      canCopy: true,
    });
  });

  it('keeps both graph types in order, and none for kanban, s-curve and location maps', async () => {
    const both = await createMap(server, alice, { graphTypes: ['3D', '2D', '3D'] });
    expect(both.graphTypes).toEqual(['2D', '3D']);
    for (const type of ['kanban', 'scurve', 'location']) {
      const map = await createMap(server, alice, { type, graphTypes: ['2D'] });
      expect(map).toMatchObject({ type, graphTypes: [] });
    }
  });

  it('refuses a map without a name with "Name required", and a long one', async () => {
    for (const name of ['', '   ']) {
      expect(await createError(alice, mapInput({ name }))).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: MAP_MESSAGES.nameRequired,
        field: 'name',
      });
    }
    expect(await createError(alice, mapInput({ name: 'x'.repeat(101) }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Name can be at most 100 characters',
    });
  });

  it('refuses a graph map without a graph type with "You must select at least one"', async () => {
    expect(await createError(alice, mapInput({ graphTypes: [] }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: MAP_MESSAGES.graphTypeRequired,
      field: 'graphTypes',
    });
  });

  it('refuses an unknown type, and a custom time filter without dates', async () => {
    // GraphQL's MapType enum refuses it, naming the enum; REST answers the spec's words.
    expect(await createError(alice, mapInput({ type: 'pie' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('"MapType" enum'),
    });
    const overRest = await rest(
      server.url,
      'POST',
      '/api/views?spaceId=ww',
      { data: { name: 'Pie map', type: 'pie', graphtypes: ['2D'] } },
      alice.token,
    );
    expect(overRest.status).toBe(422);
    expect(overRest.body.error).toMatchObject({ message: MAP_MESSAGES.typeInvalid, field: 'type' });
    expect(await createError(alice, mapInput({ filters: { timeRange: 'custom' } }))).toMatchObject({
      message: TIME_RANGE_MESSAGES.customRangeRequired,
    });
  });

  it("makes a recipe a 2D graph map in its problem's space, and refuses any other type", async () => {
    const space = await createPrivateSpace(server, alice, { members: [] });
    const problem = await postProblem(server, alice, 'Wells dry up', { spaceId: space.id });
    const recipe = await createMap(server, alice, {
      problemId: problem.id,
      graphTypes: undefined,
      name: 'Fix the wells',
    });
    expect(recipe).toMatchObject({
      problemId: problem.id,
      spaceId: space.id,
      type: 'graph',
      graphTypes: ['2D'],
    });
    expect(
      await createError(alice, mapInput({ problemId: problem.id, type: 'kanban' })),
    ).toMatchObject({ code: 'BAD_USER_INPUT', message: MAP_MESSAGES.recipeGraphOnly });
    // Bob cannot read the problem: it is as if it did not exist.
    expect(await createError(bob, mapInput({ problemId: problem.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a map in a private space the viewer is not in, as if the space did not exist', async () => {
    const space = await createPrivateSpace(server, alice);
    expect(await createError(bob, mapInput({ spaceId: space.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: MESSAGES.notFound,
    });
  });
});

describe('the type of a map', () => {
  it('cannot change once created: "The type of a map cannot change"', async () => {
    const map = await createMap(server, alice, { type: 'kanban' });
    const refused = await rest(
      server.url,
      'PATCH',
      `/api/views/${map.id}`,
      { data: { type: 'graph', name: 'Board', version: 1 } },
      alice.token,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ message: MAP_MESSAGES.typeFixed, field: 'type' });
    expect(await readMap(server, alice, map.id)).toMatchObject({ type: 'kanban', version: 1 });
  });
});

describe('progressMaps (the maps list)', () => {
  let space: string;
  beforeAll(async () => {
    space = (
      await createPrivateSpace(server, alice, { members: [{ user: bob, status: 'contributor' }] })
    ).id;
    await createMap(server, alice, { spaceId: space, name: 'beta' });
    await createMap(server, bob, { spaceId: space, name: 'Alpha', type: 'kanban' });
    await createMap(server, alice, { spaceId: space, name: 'gamma', type: 'scurve' });
    await createMap(server, bob, { spaceId: space, name: 'Delta' });
  });

  it('lists the community maps newest saved first, and only the viewer’s with My', async () => {
    expect(await mapNames(server, alice, { spaceId: space })).toEqual([
      'Delta',
      'gamma',
      'Alpha',
      'beta',
    ]);
    expect(await mapNames(server, bob, { spaceId: space, mine: true })).toEqual(['Delta', 'Alpha']);
  });

  it('moves a map to the top when it is saved', async () => {
    const beta = (await listMaps(server, alice, { spaceId: space })).items.find(
      (map) => map.name === 'beta',
    );
    await saveMap(server, alice, beta!, { description: 'Saved again' });
    expect((await mapNames(server, alice, { spaceId: space }))[0]).toBe('beta');
  });

  it('sorts A-Z and Z-A by name whatever the case, and filters by type', async () => {
    expect(await mapNames(server, alice, { spaceId: space, orderBy: 'az' })).toEqual([
      'Alpha',
      'beta',
      'Delta',
      'gamma',
    ]);
    expect(await mapNames(server, alice, { spaceId: space, orderBy: 'za' })).toEqual([
      'gamma',
      'Delta',
      'beta',
      'Alpha',
    ]);
    expect(await mapNames(server, alice, { spaceId: space, type: 'graph', orderBy: 'az' })).toEqual(
      ['beta', 'Delta'],
    );
  });

  it('pages with a keyset cursor in every sort', async () => {
    for (const orderBy of ['recent', 'az', 'za']) {
      const all = await mapNames(server, alice, { spaceId: space, orderBy });
      const first = await listMaps(server, alice, { spaceId: space, orderBy, first: 3 });
      expect(first.last).not.toBeNull();
      const rest = await listMaps(server, alice, {
        spaceId: space,
        orderBy,
        first: 3,
        after: first.last,
      });
      expect([...first.items, ...rest.items].map((map) => map.name)).toEqual(all);
      expect(rest.last).toBeNull();
    }
  });

  it('refuses a cursor of another sort, and an unknown sort', async () => {
    const byDate = await listMaps(server, alice, { spaceId: space, first: 1 });
    const refused = await gql(
      server.url,
      `query($spaceId: ID, $after: String) { progressMaps(spaceId: $spaceId, orderBy: az, after: $after) { last } }`,
      { spaceId: space, after: byDate.last },
      { token: alice.token },
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'after',
    });
    const unknown = await gql(
      server.url,
      `{ progressMaps(orderBy: size) { last } }`,
      {},
      { token: alice.token },
    );
    // The sort is an enum: the schema itself refuses a value it does not list.
    expect(unknown.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it("lists a problem's recipes under it, not among the space's maps", async () => {
    const problem = await postProblem(server, alice, 'Pump breaks', { spaceId: space });
    await createMap(server, bob, { problemId: problem.id, name: 'Pump recipe' });
    expect(await mapNames(server, alice, { problemId: problem.id })).toEqual(['Pump recipe']);
    expect(await mapNames(server, alice, { spaceId: space })).not.toContain('Pump recipe');
  });

  it('asks a signed-out visitor to sign in for My', async () => {
    const refused = await gql(server.url, `{ progressMaps(mine: true) { last } }`);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('updateProgressMap (saving)', () => {
  it('refuses a signed-out visitor', async () => {
    const map = await createMap(server, alice);
    expect(await saveMapError(server, null, map, { name: 'x' })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it("saves the author's layout, links, layers, settings and filters and moves the version on", async () => {
    const map = await createMap(server, alice, { graphTypes: ['2D', '3D'] });
    const layer = {
      id: 'layer-1',
      name: 'Water',
      color: '#4DABF7',
      filterTags: ['#Water'],
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
      xAxisValues: 'Q1,Q2',
      xAxisUseDateRange: false,
      xAxisStartDate: '2025-01-01',
      xAxisEndDate: '2025-02-01',
      xAxisNumTicks: 5,
      yAxisValues: '0,100',
      yAxisUseRange: false,
      yAxisStartValue: 0,
      yAxisEndValue: 100,
      yAxisNumTicks: 5,
    };
    const saved = await saveMap(server, alice, map, {
      name: 'Renamed',
      positions2d: { 'tag:water': { x: 10, y: 20 } },
      positions3d: { 'tag:water': { x: 1, y: 2, z: 3 } },
      links: [customLink('l1', 'tag:water', 'tag:wells', 'cld+')],
      layers: [layer],
      settings: { showTags: true, nodeSize: 14 },
      filters: { statuses: ['solving'], timeRange: 'last30days', tags: ['#Water'] },
      zoomLevel: 1.5,
    });
    expect(saved).toMatchObject({
      name: 'Renamed',
      version: 2,
      positions2d: { 'tag:water': { x: 10, y: 20 } },
      positions3d: { 'tag:water': { x: 1, y: 2, z: 3 } },
      links: [{ id: 'l1', source: 'tag:water', target: 'tag:wells', type: 'cld+' }],
      layers: [{ id: 'layer-1', filterTags: ['water'] }],
      settings: { showTags: true, nodeSize: 14, nodeFontSize: 8 },
      filters: { statuses: ['solving'], timeRange: 'last30days', tags: ['water'] },
      zoomLevel: 1.5,
    });
    expect(new Date(saved.updatedAt).getTime()).toBeGreaterThan(new Date(map.updatedAt).getTime());
    expect(await readMap(server, bob, map.id)).toMatchObject({ name: 'Renamed', version: 2 });
  });

  it('refuses anyone else with the spec’s message, changing nothing', async () => {
    const map = await createMap(server, alice);
    expect(await saveMapError(server, bob, map, { name: 'Mine now' })).toMatchObject({
      code: 'FORBIDDEN',
      message: MAP_MESSAGES.noEditPermission,
    });
    expect(await readMap(server, alice, map.id)).toMatchObject({ name: map.name, version: 1 });
  });

  it('refuses a layer or a link against the spec’s limits, with its field', async () => {
    const map = await createMap(server, alice);
    expect(
      await saveMapError(server, alice, map, {
        layers: [{ id: 'l', name: 'A very long layer name, too long', filterTags: ['a'] }],
      }),
    ).toMatchObject({ message: MAP_MESSAGES.layerNameMax, field: 'layers.0.name' });
    const bent = { ...customLink('k', 'tag:a', 'tag:b', 'curved'), style: { curvature: '123456' } };
    expect(await saveMapError(server, alice, map, { links: [bent] })).toMatchObject({
      message: MAP_MESSAGES.curvatureMax,
      field: 'links.0.style.curvature',
    });
    expect(await saveMapError(server, alice, map, { graphTypes: [] })).toMatchObject({
      message: MAP_MESSAGES.graphTypeRequired,
    });
  });

  it('refuses a stale save with CONFLICT and the current version, changing nothing', async () => {
    const map = await createMap(server, alice);
    await saveMap(server, alice, map, { name: 'First save' });
    const result = await gql(
      server.url,
      `mutation($id: ID!, $input: UpdateMapInput!) { updateProgressMap(id: $id, input: $input) { id } }`,
      { id: map.id, input: { version: 1, name: 'Stale save' } },
      { token: alice.token },
    );
    expect(result.errors?.[0]).toMatchObject({
      message: MAP_MESSAGES.stale,
      extensions: { code: 'CONFLICT', version: 2 },
    });
    expect(await readMap(server, alice, map.id)).toMatchObject({ name: 'First save', version: 2 });
  });

  it('of two saves of one version sent together, takes exactly one', async () => {
    const map = await createMap(server, alice);
    const answers = await Promise.all(
      ['Left tab', 'Right tab'].map((name) =>
        saveMapError(server, alice, map, { name }).catch(() => null),
      ),
    );
    // saveMapError throws when the save succeeds: one succeeded, one was refused as stale.
    const refused = answers.filter((answer) => answer !== null);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ code: 'CONFLICT', message: MAP_MESSAGES.stale });
    const after = await readMap(server, alice, map.id);
    expect(after!.version).toBe(2);
    expect(['Left tab', 'Right tab']).toContain(after!.name);
  });
});

describe('collaborators', () => {
  it('may edit the map but not delete it or choose collaborators', async () => {
    const map = await createMap(server, alice);
    const shared = await saveMap(server, alice, map, {
      collaboratorIds: [bob.id, alice.id, bob.id],
    });
    expect(shared.collaborators).toEqual([{ id: bob.id, displayName: 'Bob' }]);
    const asBob = await readMap(server, bob, map.id);
    expect(asBob).toMatchObject({ canEdit: true, canDelete: false, canCopy: true });
    const saved = await saveMap(server, bob, asBob!, { name: 'Bob was here' });
    expect(saved).toMatchObject({ name: 'Bob was here', version: 3 });
    expect(await saveMapError(server, bob, saved, { collaboratorIds: [carol.id] })).toMatchObject({
      code: 'FORBIDDEN',
      message: MAP_MESSAGES.noEditPermission,
    });
    const refused = await deleteMap(bob, map.id);
    expect(refused.errors?.[0]).toMatchObject({
      message: MAP_MESSAGES.noEditPermission,
      extensions: { code: 'FORBIDDEN' },
    });
    // The author takes Bob off again: he reads it, but no longer edits it.
    await saveMap(server, alice, saved, { collaboratorIds: [] });
    expect(await readMap(server, bob, map.id)).toMatchObject({ canEdit: false, collaborators: [] });
  });

  it('must be active participants of a private space, and at most 20', async () => {
    const space = await createPrivateSpace(server, alice, {
      members: [
        { user: bob, status: 'contributor' },
        { user: carol, status: 'invited' },
      ],
    });
    const map = await createMap(server, alice, { spaceId: space.id });
    for (const outsider of [carol, dan]) {
      expect(
        await saveMapError(server, alice, map, { collaboratorIds: [outsider.id] }),
      ).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: MAP_MESSAGES.collaboratorNotParticipant,
        field: 'collaboratorIds',
      });
    }
    const many = Array.from({ length: 21 }, (_, index) => `person-${index}`);
    expect(await saveMapError(server, alice, map, { collaboratorIds: many })).toMatchObject({
      message: MAP_MESSAGES.collaboratorsMax,
    });
    const saved = await saveMap(server, alice, map, { collaboratorIds: [bob.id] });
    expect(saved.collaborators.map((person) => person.id)).toEqual([bob.id]);
  });
});

describe('copyProgressMap (Save As)', () => {
  it('gives the reader a public copy of the same layout, with its own waypoints', async () => {
    const map = await createMap(server, alice, { isPrivate: false, cldsEnabled: false });
    const waypoint = await addWaypoint(server, alice, map.id, 'Meeting with the ward');
    const key = `waypoint:${waypoint.id}`;
    const original = await saveMap(server, alice, map, {
      positions2d: { [key]: { x: 5, y: 6 }, 'tag:water': { x: 1, y: 1 } },
      links: [customLink('w', key, 'tag:water', 'cld-')],
      settings: { showTags: true },
    });
    const copy = await copyMap(bob, map.id);
    expect(copy).toMatchObject({
      name: `Copy of ${map.name}`,
      author: { id: bob.id },
      spaceId: original.spaceId,
      isPrivate: false,
      cldsEnabled: false,
      version: 1,
      canDelete: true,
      settings: { showTags: true },
    });
    expect(copy.id).not.toBe(map.id);
    const [copiedKey] = Object.keys(copy.positions2d).filter((name) =>
      name.startsWith('waypoint:'),
    );
    expect(copiedKey).toBeDefined();
    expect(copiedKey).not.toBe(key);
    expect(copy.positions2d).toEqual({ [copiedKey!]: { x: 5, y: 6 }, 'tag:water': { x: 1, y: 1 } });
    expect(copy.links).toMatchObject([{ id: 'w', source: copiedKey, target: 'tag:water' }]);
    const named = await copyMap(bob, map.id, 'My own');
    expect(named.name).toBe('My own');
  });

  it('is refused to readers when copying is off, but not to its author and collaborators', async () => {
    const map = await createMap(server, alice, { copyEnabled: false });
    const refused = await gqlError(server.url, COPY_MAP, { id: map.id }, { token: bob.token });
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: MAP_MESSAGES.copyDisabled });
    expect((await copyMap(alice, map.id)).author.id).toBe(alice.id);
    await saveMap(server, alice, map, { collaboratorIds: [carol.id] });
    expect((await copyMap(carol, map.id)).author.id).toBe(carol.id);
    expect(await gqlError(server.url, COPY_MAP, { id: map.id })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it("keeps a recipe's copy on its problem, counted in its recipes", async () => {
    const problem = await postProblem(server, alice, 'Leaky taps');
    const recipe = await createMap(server, alice, { problemId: problem.id });
    const copy = await copyMap(bob, recipe.id);
    expect(copy).toMatchObject({ problemId: problem.id, graphTypes: ['2D'] });
    expect(await totalRecipes(problem.id)).toBe(2);
  });
});

describe('importProgressMap', () => {
  it('refuses a file that is not a map with a field error, creating nothing', async () => {
    const before = await mapRowCount();
    const notMap = await importMap(alice, { format: 'something', version: 1 });
    expect(notMap.errors?.[0]).toMatchObject({
      message: MAP_MESSAGES.importInvalid,
      extensions: { code: 'BAD_USER_INPUT', field: 'data.format' },
    });
    const badLink = await importMap(
      alice,
      mapFile({ links: [{ ...customLink('x', 'tag:a', 'tag:b'), style: { width: 9 } }] }),
    );
    expect(badLink.errors?.[0]).toMatchObject({
      message: MAP_MESSAGES.widthRequired,
      extensions: { field: 'data.map.links.0.style.width' },
    });
    const noName = await importMap(alice, mapFile({ name: '' }));
    expect(noName.errors?.[0]).toMatchObject({
      message: MAP_MESSAGES.nameRequired,
      extensions: { field: 'data.map.name' },
    });
    expect(await mapRowCount()).toBe(before);
  });

  it('keeps only nodes of the target space the importer reads, and makes waypoints anew', async () => {
    const elsewhere = await createPrivateSpace(server, bob);
    const hidden = await postProblem(server, bob, 'Not for Alice', { spaceId: elsewhere.id });
    const draft = await postProblem(server, alice, 'Draft', { isDraft: true });
    const shown = await postProblem(server, alice, 'Shown');
    const file = mapFile(
      {
        positions2d: {
          [`problem:${shown.id}`]: { x: 1, y: 1 },
          [`problem:${hidden.id}`]: { x: 2, y: 2 },
          [`problem:${draft.id}`]: { x: 3, y: 3 },
          'waypoint:old': { x: 4, y: 4 },
          'waypoint:unlisted': { x: 5, y: 5 },
        },
        links: [
          customLink('a', `problem:${shown.id}`, 'waypoint:old', 'cld+'),
          customLink('b', `problem:${shown.id}`, `problem:${hidden.id}`),
        ],
        excluded: [`problem:${hidden.id}`],
      },
      { waypoints: [{ key: 'waypoint:old', name: 'Step one', description: '' }] },
    );
    const result = await importMap(alice, file, { spaceId: 'ww' });
    expect(result.errors).toBeUndefined();
    const imported = result.data!.importProgressMap;
    const waypointKeys = Object.keys(imported.positions2d).filter((key) =>
      key.startsWith('waypoint:'),
    );
    expect(waypointKeys).toHaveLength(1);
    expect(waypointKeys[0]).not.toBe('waypoint:old');
    expect(Object.keys(imported.positions2d).sort()).toEqual(
      [`problem:${shown.id}`, waypointKeys[0]!].sort(),
    );
    expect(imported.links).toMatchObject([{ id: 'a', target: waypointKeys[0] }]);
    expect(imported.excluded).toEqual([]);
    const rows = await server.deps.db
      .select()
      .from(waypoints)
      .where(eq(waypoints.mapId, imported.id));
    expect(rows.map((row) => [`waypoint:${row.id}`, row.name, row.authorId])).toEqual([
      [waypointKeys[0], 'Step one', alice.id],
    ]);
  });
});

describe('totalRecipes', () => {
  it('counts the public recipes of a problem, whatever happens to them', async () => {
    const problem = await postProblem(server, alice, 'Flooded market');
    expect(await totalRecipes(problem.id)).toBe(0);
    const recipe = await createMap(server, alice, { problemId: problem.id });
    await createMap(server, alice, { problemId: problem.id, isPrivate: true });
    expect(await totalRecipes(problem.id)).toBe(1);
    const hidden = await saveMap(server, alice, recipe, { isPrivate: true });
    expect(await totalRecipes(problem.id)).toBe(0);
    await saveMap(server, alice, hidden, { isPrivate: false });
    expect(await totalRecipes(problem.id)).toBe(1);
    const imported = await importMap(alice, mapFile(), { problemId: problem.id });
    expect(imported.data?.importProgressMap.problemId).toBe(problem.id);
    expect(await totalRecipes(problem.id)).toBe(2);
    expect((await deleteMap(alice, recipe.id)).data?.deleteProgressMap).toBe(true);
    expect(await totalRecipes(problem.id)).toBe(1);
  });

  it('stays exact under 20 recipes created at once and privacy toggled at once', async () => {
    const problem = await postProblem(server, alice, 'Busy problem');
    const people = [alice, bob, carol, dan];
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        createMap(server, people[index % people.length]!, { problemId: problem.id }),
      ),
    );
    expect(await totalRecipes(problem.id)).toBe(20);
    // Each author turns theirs private twice at once (one of each pair is stale), then some back.
    await Promise.all(
      created.flatMap((map) => {
        const author = people.find((person) => person.id === map.author.id)!;
        return [1, 2].map(() =>
          saveMapError(server, author, map, { isPrivate: true }).catch(() => null),
        );
      }),
    );
    expect(await totalRecipes(problem.id)).toBe(0);
    await Promise.all(
      created.slice(0, 7).map(async (map) => {
        const author = people.find((person) => person.id === map.author.id)!;
        const current = await readMap(server, author, map.id);
        return saveMap(server, author, current!, { isPrivate: false });
      }),
    );
    expect(await totalRecipes(problem.id)).toBe(7);
  });
});

describe('deleteProgressMap', () => {
  it('refuses a signed-out visitor and anyone but the author', async () => {
    const map = await createMap(server, alice);
    expect((await deleteMap(null, map.id)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await deleteMap(bob, map.id)).errors?.[0]).toMatchObject({
      message: MAP_MESSAGES.noEditPermission,
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await readMap(server, bob, map.id)).not.toBeNull();
  });

  it('removes the map with its waypoints, collaborators and bookmarks', async () => {
    const map = await createMap(server, alice);
    await addWaypoint(server, alice, map.id, 'Step');
    await saveMap(server, alice, map, { collaboratorIds: [bob.id] });
    await bookmark(server, bob, { itemType: 'views', itemId: map.id });
    expect((await deleteMap(alice, map.id)).data?.deleteProgressMap).toBe(true);
    expect(await readMap(server, alice, map.id)).toBeNull();
    const db = server.deps.db;
    expect(await db.select().from(waypoints).where(eq(waypoints.mapId, map.id))).toEqual([]);
    expect(
      await db.select().from(mapCollaborators).where(eq(mapCollaborators.mapId, map.id)),
    ).toEqual([]);
    expect(await db.select().from(bookmarks).where(eq(bookmarks.itemId, map.id))).toEqual([]);
    // A second delete finds nothing.
    expect((await deleteMap(alice, map.id)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
