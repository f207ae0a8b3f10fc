import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemStatusActivity, problems } from '../../server/src/db/schema';
import { gql, gqlData } from '../helpers/clients';
import { diffCounts, startCountingProxy, type CountingProxy } from '../helpers/count-proxy';
import {
  MAP_LOOPS,
  MAP_PROGRESS,
  addWaypoint,
  createMap,
  createPrivateSpace,
  customLink,
  edgeNames,
  mapGraph,
  moderate,
  nodeKeys,
  postProblem,
  postSolution,
  postStory,
  readMap,
  saveMap,
  setProblemStatus,
  signUpVerified,
  spaceGraph,
  type MapView,
  type ProblemView,
  type SolutionView,
  type StoryView,
  type TestUser,
} from '../helpers/factories';
import {
  createTestDatabase,
  startTestServer,
  startTestServerOn,
  type TestServer,
} from '../helpers/server';

/**
 * A map's graph is its space's content as each item's policy lists it, through the map's filters,
 * exclusions and waypoints; its s-curve and loops are read off that graph.
 */
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

const key = (kind: string, id: string) => `${kind}:${id}`;

describe('the graph of a map of known content', () => {
  let space: string;
  let wells: ProblemView;
  let pumps: ProblemView;
  let anonymous: ProblemView;
  let filters: SolutionView;
  let training: SolutionView;
  let onWells: StoryView;
  let map: MapView;
  /** The map as its author loads it now (each test saves over the version it finds). */
  const current = async () => (await readMap(server, alice, map.id))!;
  beforeAll(async () => {
    space = (
      await createPrivateSpace(server, alice, {
        members: [
          { user: bob, status: 'contributor' },
          { user: carol, status: 'contributor' },
        ],
      })
    ).id;
    wells = await postProblem(server, alice, 'Clean the wells', {
      spaceId: space,
      description: '<p>Water from the <b>old wells</b> is brown. #water</p>',
    });
    pumps = await postProblem(server, bob, 'Fix the pumps', {
      spaceId: space,
      description: '<p>Two pumps are broken #pumps</p>',
    });
    await setProblemStatus(server, bob, pumps.id, 'solving');
    anonymous = await postProblem(server, carol, 'Nobody listens', {
      spaceId: space,
      isAnonymousPost: true,
      description: '<p>Said without a name #voice</p>',
    });
    // The space's owner approves the anonymous problem: it shows, its author never does.
    await moderate(server, alice, 'approve', { itemType: 'problems', itemId: anonymous.id });
    filters = await postSolution(server, bob, {
      problemId: wells.id,
      name: 'Sand filters',
      description: '<p>Filter at the well #water</p>',
    });
    training = await postSolution(server, alice, {
      spaceId: space,
      name: 'Train caretakers',
      description: '<p>A caretaker per street #training</p>',
    });
    onWells = await postStory(
      server,
      carol,
      '<p>The well by the school is the worst one. #water</p>',
      {
        problemId: wells.id,
      },
    );
    await postStory(server, bob, '<p>We met the ward office today #meetings</p>', {
      spaceId: space,
    });
    map = await createMap(server, alice, { spaceId: space, name: 'Water' });
  });

  it('shows the problems and solutions with their solves links, no tags or people by default', async () => {
    const graph = await mapGraph(server, bob, map.id);
    expect(nodeKeys(graph)).toEqual(
      [
        key('problem', wells.id),
        key('problem', pumps.id),
        key('problem', anonymous.id),
        key('solution', filters.id),
        key('solution', training.id),
      ].sort(),
    );
    expect(edgeNames(graph)).toEqual([`solves solution:${filters.id}>problem:${wells.id}`]);
    const node = graph.nodes.find((candidate) => candidate.key === key('problem', wells.id));
    expect(node).toMatchObject({
      kind: 'problem',
      refId: wells.id,
      label: 'Clean the wells',
      description: 'Water from the old wells is brown. #water',
      status: 'unsolved',
      tags: ['water'],
    });
    expect(graph.nodes.find((candidate) => candidate.refId === pumps.id)?.status).toBe('solving');
  });

  it('adds tags and participants when the map shows them, never an anonymous author', async () => {
    const shown = await saveMap(server, alice, await current(), {
      settings: { showTags: true, showParticipants: true },
    });
    const graph = await mapGraph(server, bob, map.id);
    expect(nodeKeys(graph)).toEqual(
      expect.arrayContaining([
        'tag:water',
        'tag:pumps',
        'tag:voice',
        'tag:training',
        key('user', alice.id),
        key('user', bob.id),
      ]),
    );
    expect(nodeKeys(graph)).not.toContain(key('user', carol.id));
    const edges = edgeNames(graph);
    expect(edges).toEqual(
      expect.arrayContaining([
        `tagged problem:${wells.id}>tag:water`,
        `tagged solution:${filters.id}>tag:water`,
        `authored user:${alice.id}>problem:${wells.id}`,
        `authored user:${bob.id}>solution:${filters.id}`,
      ]),
    );
    expect(edges.filter((edge) => edge.includes(anonymous.id))).toEqual([
      `tagged problem:${anonymous.id}>tag:voice`,
    ]);
    await saveMap(server, alice, shown, { settings: {} });
  });

  it('filters problems by status and items by tags and time, the viewer’s filters over the saved ones', async () => {
    const solving = await mapGraph(server, bob, map.id, { statuses: ['solving'] });
    expect(nodeKeys(solving)).toEqual(
      [key('problem', pumps.id), key('solution', filters.id), key('solution', training.id)].sort(),
    );
    // The solves link goes with the problem it pointed to.
    expect(solving.edges).toEqual([]);
    const water = await mapGraph(server, bob, map.id, { tags: ['#Water'] });
    expect(nodeKeys(water)).toEqual([key('problem', wells.id), key('solution', filters.id)].sort());
    const future = await mapGraph(server, bob, map.id, {
      timeRange: 'custom',
      startDate: new Date(Date.now() + 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    expect(future.nodes).toEqual([]);
    const saved = await saveMap(server, alice, await current(), { filters: { tags: ['pumps'] } });
    expect(nodeKeys(await mapGraph(server, bob, map.id))).toEqual([key('problem', pumps.id)]);
    await saveMap(server, alice, saved, { filters: {} });
  });

  it("leaves out what the map excludes, and the space's unlinked solutions when asked", async () => {
    const trimmed = await saveMap(server, alice, await current(), {
      excluded: [key('problem', pumps.id), key('solution', filters.id)],
      settings: { showSpaceSolutions: false },
    });
    const graph = await mapGraph(server, bob, map.id);
    expect(nodeKeys(graph)).toEqual(
      [key('problem', wells.id), key('problem', anonymous.id)].sort(),
    );
    await saveMap(server, alice, trimmed, { excluded: [], settings: {} });
  });

  it('adds its waypoints', async () => {
    const waypoint = await addWaypoint(server, alice, map.id, 'Ask the ward', 'On Monday');
    const graph = await mapGraph(server, bob, map.id);
    expect(graph.nodes.find((node) => node.kind === 'waypoint')).toMatchObject({
      key: key('waypoint', waypoint.id),
      refId: waypoint.id,
      label: 'Ask the ward',
      description: 'On Monday',
    });
  });

  it("draws a recipe from its problem, the problem's solutions and stories, and its steps", async () => {
    const recipe = await createMap(server, bob, { problemId: wells.id, name: 'Wells recipe' });
    const step = await addWaypoint(server, bob, recipe.id, 'Step 1');
    const graph = await mapGraph(server, carol, recipe.id);
    expect(nodeKeys(graph)).toEqual(
      [
        key('problem', wells.id),
        key('solution', filters.id),
        key('story', onWells.id),
        key('waypoint', step.id),
      ].sort(),
    );
    expect(edgeNames(graph)).toEqual(
      [
        `solves solution:${filters.id}>problem:${wells.id}`,
        `story story:${onWells.id}>problem:${wells.id}`,
      ].sort(),
    );
    expect(graph.nodes.find((node) => node.kind === 'story')?.label).toBe(
      'The well by the school is the worst one. #water',
    );
  });

  it("draws a space's default map, and its stories graph with tags and authors", async () => {
    const defaultMap = await spaceGraph(server, carol, { spaceId: space });
    expect(nodeKeys(defaultMap)).toEqual(
      expect.arrayContaining([key('problem', wells.id), key('solution', training.id), 'tag:water']),
    );
    const stories = await spaceGraph(server, carol, { spaceId: space, stories: true });
    const feedStory = stories.nodes.find((node) => node.kind === 'story')!;
    expect(stories.nodes.filter((node) => node.kind === 'story')).toHaveLength(1);
    expect(feedStory.label).toBe('We met the ward office today #meetings');
    expect(nodeKeys(stories)).toEqual([feedStory.key, 'tag:meetings', key('user', bob.id)].sort());
    expect(edgeNames(stories)).toEqual(
      [`authored user:${bob.id}>${feedStory.key}`, `tagged ${feedStory.key}>tag:meetings`].sort(),
    );
    const outsider = await gql(
      server.url,
      `query($spaceId: ID) { spaceGraph(spaceId: $spaceId) { nodes { key } } }`,
      { spaceId: space },
    );
    expect(outsider.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('mapProgress (the s-curve)', () => {
  it('counts, day by day, the problems created and those solved by that day’s end', async () => {
    const space = (await createPrivateSpace(server, alice)).id;
    const day = (n: number, hour = 12) => new Date(Date.UTC(2024, 2, 1 + n, hour));
    const first = await postProblem(server, alice, 'First', { spaceId: space });
    const second = await postProblem(server, alice, 'Second', { spaceId: space });
    const third = await postProblem(server, alice, 'Third', { spaceId: space });
    await setProblemStatus(server, alice, first.id, 'solved');
    await setProblemStatus(server, alice, first.id, 'solving');
    await setProblemStatus(server, alice, second.id, 'solved');
    // Their history moved to known days (the service stamps the present).
    const db = server.deps.db;
    const at = async (problemId: string, toStatus: string, when: Date) =>
      db
        .update(problemStatusActivity)
        .set({ createdAt: when })
        .where(
          and(
            eq(problemStatusActivity.problemId, problemId),
            eq(problemStatusActivity.toStatus, toStatus as 'solved'),
          ),
        );
    await db
      .update(problems)
      .set({ createdAt: day(0) })
      .where(eq(problems.id, first.id));
    await db
      .update(problems)
      .set({ createdAt: day(1) })
      .where(eq(problems.id, second.id));
    await db
      .update(problems)
      .set({ createdAt: day(4) })
      .where(eq(problems.id, third.id));
    await at(first.id, 'solved', day(2));
    await at(first.id, 'solving', day(5, 9));
    await at(second.id, 'solved', day(3, 23));
    const map = await createMap(server, alice, { spaceId: space, type: 'scurve' });

    const points = async (filters?: Record<string, unknown>) =>
      (
        await gqlData<{
          mapProgress: { date: string; solved: number; total: number; share: number }[];
        }>(server.url, MAP_PROGRESS, { id: map.id, filters }, { token: alice.token })
      ).mapProgress;
    const week = await points({
      timeRange: 'custom',
      startDate: day(0, 0).toISOString(),
      endDate: day(6, 23).toISOString(),
    });
    expect(week.map((point) => [point.date.slice(0, 10), point.solved, point.total])).toEqual([
      ['2024-03-01', 0, 1],
      ['2024-03-02', 0, 2],
      ['2024-03-03', 1, 2],
      ['2024-03-04', 2, 2],
      ['2024-03-05', 2, 3],
      ['2024-03-06', 1, 3],
      ['2024-03-07', 1, 3],
    ]);
    expect(week.map((point) => point.share)).toEqual([0, 0, 0.5, 1, 2 / 3, 1 / 3, 1 / 3]);
    // All time: from the first problem's creation until today.
    const always = await points();
    expect(always[0]!.date.slice(0, 10)).toBe('2024-03-01');
    expect(always.at(-1)).toMatchObject({ solved: 1, total: 3 });
    expect(always.at(-1)!.date.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    // Only solving problems: the first, solved between its second and fifth day.
    const solving = await points({
      statuses: ['solving'],
      timeRange: 'custom',
      startDate: day(0, 0).toISOString(),
      endDate: day(2, 23).toISOString(),
    });
    expect(solving.map((point) => [point.solved, point.total])).toEqual([
      [0, 1],
      [0, 1],
      [1, 1],
    ]);
  });
});

describe('mapLoops', () => {
  it('labels the feedback loops of a known map R, B or U, and marks those through progress', async () => {
    const space = (await createPrivateSpace(server, alice)).id;
    const [a, b, c] = await Promise.all(
      ['Loop A', 'Loop B', 'Loop C'].map((name) =>
        postProblem(server, alice, name, { spaceId: space }),
      ),
    );
    const draft = await postProblem(server, alice, 'Loop draft', {
      spaceId: space,
      isDraft: true,
    });
    await setProblemStatus(server, alice, b!.id, 'solving');
    const [A, B, C, D] = [a!, b!, c!, draft].map((problem) => key('problem', problem.id));
    const map = await createMap(server, alice, { spaceId: space });
    await saveMap(server, alice, map, {
      links: [
        customLink('ab+', A!, B!, 'cld+'),
        customLink('ba+', B!, A!, 'cld+'),
        customLink('ab-', A!, B!, 'cld-'),
        customLink('bc-', B!, C!, 'cld-'),
        customLink('ca+', C!, A!, 'cld+'),
        customLink('cb', C!, B!, 'straight'),
        customLink('cc-', C!, C!, 'cld-'),
        // A loop through a draft is in no one's graph.
        customLink('ad+', A!, D!, 'cld+'),
        customLink('da+', D!, A!, 'cld+'),
      ],
    });
    const found = async (variables: Record<string, unknown> = {}) =>
      (
        await gqlData<{
          mapLoops: {
            loops: {
              nodes: string[];
              links: string[];
              polarity: string;
              throughProgress: boolean;
            }[];
            truncated: boolean;
          };
        }>(server.url, MAP_LOOPS, { id: map.id, ...variables }, { token: alice.token })
      ).mapLoops;
    const loops = await found();
    expect(loops.truncated).toBe(false);
    // Shortest first; loops of one length in the order of their node keys (ids, here random).
    expect(loops.loops.map((loop) => loop.links.length)).toEqual([1, 2, 2, 2, 3, 3]);
    expect(
      loops.loops
        .map(
          (loop) => `${[...loop.links].sort().join(' ')} ${loop.polarity} ${loop.throughProgress}`,
        )
        .sort(),
    ).toEqual(
      [
        'cc- B false',
        'ab+ ba+ R true',
        'ab- ba+ B true',
        'bc- cb U true',
        'ab+ bc- ca+ B true',
        'ab- bc- ca+ R true',
      ].sort(),
    );
    const short = await found({ maxLength: 2, maxLoops: 10 });
    expect(short.truncated).toBe(true);
    expect(short.loops).toHaveLength(4);
    const few = await found({ maxLoops: 2 });
    expect(few).toMatchObject({ truncated: true, loops: [{}, {}] });
    const tooMany = await gql(
      server.url,
      MAP_LOOPS,
      { id: map.id, maxLength: 1000 },
      { token: alice.token },
    );
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'maxLength',
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the cost of a graph (needs TEST_DATABASE_URL: statements are counted on the wire)',
  () => {
    let counted: TestServer;
    let proxy: CountingProxy;
    let dropDatabase: () => Promise<void>;
    let owner: TestUser;
    beforeAll(async () => {
      const database = (await createTestDatabase())!;
      dropDatabase = () => database.drop();
      proxy = await startCountingProxy(database.url);
      counted = await startTestServerOn(proxy.url);
      owner = await signUpVerified(counted, { displayName: 'Owner' });
    }, 120_000);
    afterAll(async () => {
      await counted?.stop();
      await proxy?.close();
      await dropDatabase?.();
    });

    /** A map over `size` problems, each with a solution, tags and its author shown. */
    async function mapOf(size: number) {
      const space = (await createPrivateSpace(counted, owner)).id;
      for (let index = 0; index < size; index++) {
        const problem = await postProblem(counted, owner, `Problem ${index}`, {
          spaceId: space,
        });
        await postSolution(counted, owner, { problemId: problem.id });
      }
      const map = await createMap(counted, owner, { spaceId: space });
      await saveMap(counted, owner, map, { settings: { showTags: true, showParticipants: true } });
      return map;
    }

    async function statementsFor(map: MapView) {
      const before = proxy.snapshot();
      const graph = await mapGraph(counted, owner, map.id);
      const delta = diffCounts(proxy.snapshot(), before);
      return { statements: delta.execute + delta.query, nodes: graph.nodes.length };
    }

    it('takes the same few statements for 2 items as for 40', async () => {
      const small = await mapOf(1);
      const large = await mapOf(20);
      await statementsFor(small);
      const few = await statementsFor(small);
      const many = await statementsFor(large);
      expect(many.nodes).toBeGreaterThan(few.nodes * 10);
      expect(many.statements).toBe(few.statements);
      expect(many.statements).toBeLessThanOrEqual(10);
    });
  },
);
