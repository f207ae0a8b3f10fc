import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type SeedDemoResult } from '../../server/src/demo/build-demo';
import { DEMO_AI_KEY, DEMO_PASSWORD, PEOPLE } from '../../server/src/demo/demo-community';
import { aiConfigs, aiResults } from '../../server/src/db/schema';
import { gql, gqlData, rest } from '../helpers/clients';
import { counterMismatches } from '../helpers/counters';
import {
  STORIES,
  type StoryPage,
  MY_SPACES,
  PARTICIPANTS,
  SPACE,
  CHANNEL_DIRECTORY,
  chatConversationsOf,
  NEAR_PROBLEMS,
  NEAR_STORIES,
  type SpaceView,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * `npm run seed:demo` fills a living demo community through the services. Here it runs on a fresh
 * database, and a newcomer looks at the result through the API, as the app shows it.
 */

let server: TestServer;
let first: SeedDemoResult;
beforeAll(async () => {
  server = await startTestServer();
  first = await seedDemo(server.deps);
});
afterAll(async () => {
  await server?.stop();
});

const emailOf = (key: string) => PEOPLE.find((person) => person.key === key)!.email;

/** Signs in as a demo person with the shared password, as anyone trying the demo does. */
async function signIn(key: string): Promise<string> {
  const login = await rest<{ token: string }>(server.url, 'POST', '/api/auth/login', {
    email: emailOf(key),
    password: DEMO_PASSWORD,
  });
  expect(login.status).toBe(200);
  return login.body.token;
}

const stories = async (token: string, variables: Record<string, unknown>) =>
  (
    await gqlData<{ stories: StoryPage }>(
      server.url,
      STORIES,
      { first: 100, ...variables },
      { token },
    )
  ).stories;

const PROBLEMS = `query($spaceId: ID) { problems(spaceId: $spaceId, first: 100) {
  items { id name status spaceId counters { totalParticipants totalSolutions totalStories totalSolvers totalRecipes }
    statusActivity { fromStatus toStatus } measurements { name value measuredAt } }
} }`;
interface ProblemItem {
  id: string;
  name: string;
  status: string;
  spaceId: string;
  counters: {
    totalParticipants: number;
    totalSolutions: number;
    totalStories: number;
    totalSolvers: number;
    totalRecipes: number;
  };
  statusActivity: { fromStatus: string | null; toStatus: string }[];
  measurements: { name: string; value: number; measuredAt: string }[];
}
const problems = async (token: string, spaceId: string) =>
  (
    await gqlData<{ problems: { items: ProblemItem[] } }>(
      server.url,
      PROBLEMS,
      { spaceId },
      { token },
    )
  ).problems.items;

const PARTS = `query($problemId: ID!) { problemParts(problemId: $problemId) { type name attributes { name value } } }`;
const SOLUTIONS = `query($problemId: ID) { solutions(problemId: $problemId, first: 100) { items { name } } }`;

/** Rows per table the demo writes to, to see what a run added. */
const TABLES = [
  'users',
  'spaces',
  'space_participants',
  'user_spaces',
  'stories',
  'problems',
  'problem_participants',
  'problem_departures',
  'problem_status_activity',
  'problem_parts',
  'problem_measurements',
  'solutions',
  'problem_solutions',
  'skills',
  'skill_members',
  'tags',
  'space_tags',
  'tag_follows',
  'solution_votes',
  'notification_tags',
  'maps',
  'waypoints',
  'bookmarks',
  'api_tokens',
] as const;

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    // postgres.js answers an array of rows, PGlite an object holding them.
    const result: unknown = await server.deps.db.execute(
      sql.raw(`select count(*)::int as n from ${table}`),
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      n: number;
    }[];
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}

describe('npm run seed:demo', () => {
  it('creates the community it reports', () => {
    expect(first.outcome).toBe('seeded');
    expect(first.created).toMatchObject({ people: PEOPLE.length, privateSpaces: 2 });
    expect(first.created.stories).toBeGreaterThanOrEqual(20);
    expect(first.created.comments).toBeGreaterThanOrEqual(10);
    expect(first.created.problems).toBeGreaterThanOrEqual(6);
  });

  it('shows a newcomer a populated global feed and following feed', async () => {
    const token = await signIn('meera');
    const feed = (await stories(token, { spaceId: 'ww' })).items;
    expect(feed.length).toBeGreaterThanOrEqual(12);
    expect(feed.every((story) => story.tags.length > 0 && !story.isDraft)).toBe(true);
    expect(feed.every((story) => story.isApproved)).toBe(true);
    expect(feed.map((story) => story.author.displayName)).toContain('Clean Streets Trust');
    expect(feed.find((story) => story.author.role === 'org')).toBeDefined();

    const following = (await stories(token, { list: 'following', spaceId: 'ww' })).items;
    const follows = PEOPLE.at(-1)!.follows;
    expect(following.length).toBeGreaterThan(0);
    expect(following.every((story) => story.tags.some((tag) => follows.includes(tag)))).toBe(true);

    // Telugu posts in the India space.
    const india = (await stories(token, { spaceId: 'in' })).items;
    expect(india.some((story) => /[\u0C00-\u0C7F]/u.test(story.story))).toBe(true);
  });

  it("shows Asha the demo's chats: Ward 12's chat and channels, and her direct chat", async () => {
    const asha = await signIn('asha');
    const mine = await gqlData<{ mySpaces: { items: SpaceView[] } }>(
      server.url,
      MY_SPACES,
      { status: 'active' },
      { token: asha },
    );
    const ward = mine.mySpaces.items.find((space) => space.name === 'Ward 12 Water Committee')!;
    const ward12 = await chatConversationsOf(server, { token: asha }, ward.id, 'alphabetical');
    expect(ward12.map((conversation) => conversation.name)).toEqual([
      'Ward 12 Water Committee',
      'Committee planning',
      'Ravi Kumar',
    ]);
    // Ravi's public channel waits for her in the directory.
    const directory = await gqlData<{ chatChannelDirectory: { name: string }[] }>(
      server.url,
      CHANNEL_DIRECTORY,
      { spaceId: ward.id },
      { token: asha },
    );
    expect(directory.chatChannelDirectory.map((channel) => channel.name)).toEqual(['Leak reports']);
    const worldwide = await chatConversationsOf(server, { token: asha }, 'ww');
    expect(worldwide[0]).toMatchObject({ type: 'space', name: expect.any(String) as string });
    expect(first.created.chatMessages).toBeGreaterThanOrEqual(10);
  });

  it('lists Asha’s personal access token on her Apps and tokens page', async () => {
    const asha = await signIn('asha');
    const { apiTokens } = await gqlData<{
      apiTokens: { name: string; scopes: string[]; expiresAt: string; lastUsedAt: string | null }[];
    }>(server.url, `{ apiTokens { name scopes expiresAt lastUsedAt } }`, {}, { token: asha });
    expect(apiTokens).toEqual([
      {
        name: 'Weekly digest script',
        scopes: ['read'],
        expiresAt: expect.any(String) as string,
        lastUsedAt: null,
      },
    ]);
    expect(new Date(apiTokens[0]!.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(first.created.apiTokens).toBe(1);
  });

  it('lists Asha’s AI config on My AI Configs, its placeholder key stored encrypted', async () => {
    const asha = await signIn('asha');
    const { myAiConfigs } = await gqlData<{
      myAiConfigs: { name: string; provider: string; keyLast4: string; isDefault: boolean }[];
    }>(server.url, `{ myAiConfigs { name provider keyLast4 isDefault } }`, {}, { token: asha });
    expect(myAiConfigs).toEqual([
      {
        name: 'Workshop helper',
        provider: 'groq',
        keyLast4: DEMO_AI_KEY.slice(-4),
        isDefault: true,
      },
    ]);
    const stored = await server.deps.db.select().from(aiConfigs);
    expect(JSON.stringify(stored)).not.toContain(DEMO_AI_KEY);
    expect(first.created.aiConfigs).toBe(1);
    expect(first.created.aiChats).toBe(1);
  });

  it('makes Asha the premium demo person, her plan written without Stripe', async () => {
    const asha = await signIn('asha');
    const { me } = await gqlData<{
      me: { accountType: string; subscription: { name: string; status: string } | null };
    }>(server.url, `{ me { accountType subscription { name status } } }`, {}, { token: asha });
    expect(me).toEqual({
      accountType: 'premium',
      subscription: { name: 'Problem Solving Pro', status: 'active' },
    });
    expect(first.created.subscriptions).toBe(1);
  });

  it('shows a problem’s AI analysis with one item published as a real part', async () => {
    const asha = await signIn('asha');
    const [run] = await server.deps.db.select().from(aiResults);
    expect(first.created.aiResults).toBe(1);
    const { problem } = await gqlData<{
      problem: {
        aiInfo: {
          isMine: boolean;
          items: { name: string; isPublished: boolean; publishedId: string | null }[];
        };
      };
    }>(
      server.url,
      `query($id: ID!) { problem(id: $id) { aiInfo { isMine items { name isPublished publishedId } } } }`,
      { id: run!.problemId },
      { token: asha },
    );
    expect(problem.aiInfo.isMine).toBe(true);
    const published = problem.aiInfo.items.filter((item) => item.isPublished);
    expect(published.map((item) => item.name)).toEqual(['Valve opening round']);
    const { problemPart } = await gqlData<{ problemPart: { name: string; type: string } }>(
      server.url,
      `query($problemId: ID!, $partId: ID!) { problemPart(problemId: $problemId, partId: $partId) { name type } }`,
      { problemId: run!.problemId, partId: published[0]!.publishedId },
      { token: asha },
    );
    expect(problemPart).toEqual({ name: 'Valve opening round', type: 'process' });
  });

  it('keeps a private space’s content to its members, with an invitation and a request waiting', async () => {
    const asha = await signIn('asha');
    const mine = await gqlData<{ mySpaces: { items: SpaceView[] } }>(
      server.url,
      MY_SPACES,
      { status: 'active' },
      { token: asha },
    );
    const ward = mine.mySpaces.items.find((space) => space.name === 'Ward 12 Water Committee')!;
    expect(ward).toBeDefined();
    expect((await stories(asha, { spaceId: ward.id })).items.length).toBeGreaterThanOrEqual(2);
    expect((await problems(asha, ward.id)).map((problem) => problem.name)).toEqual([
      'Tap water comes only five hours a week',
    ]);
    const people = await gqlData<{
      participants: { items: { status: string; user: { displayName: string } }[] };
    }>(server.url, PARTICIPANTS, { spaceId: ward.id, status: 'all' }, { token: asha });
    expect(new Set(people.participants.items.map((row) => row.status))).toEqual(
      new Set(['owner', 'admin', 'contributor', 'invited']),
    );

    // Meera is invited: she sees the space's name and purpose, not its content or people.
    const meera = await signIn('meera');
    const invited = await gqlData<{ mySpaces: { items: SpaceView[] } }>(
      server.url,
      MY_SPACES,
      { status: 'invited' },
      { token: meera },
    );
    expect(invited.mySpaces.items.map((space) => space.id)).toEqual([ward.id]);
    const seen = await gqlData<{ space: SpaceView }>(
      server.url,
      SPACE,
      { id: ward.id },
      { token: meera },
    );
    expect(seen.space).toMatchObject({ name: 'Ward 12 Water Committee', totalParticipants: null });
    const refusedStories = await gql(server.url, STORIES, { spaceId: ward.id }, { token: meera });
    expect(refusedStories.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const refusedProblems = await gql(server.url, PROBLEMS, { spaceId: ward.id }, { token: meera });
    expect(refusedProblems.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Nor does her global feed carry any of it.
    const feed = (await stories(meera, { spaceId: 'ww' })).items;
    expect(feed.some((story) => story.spaceId === ward.id)).toBe(false);

    const kiran = await signIn('kiran');
    const requested = await gqlData<{ mySpaces: { items: SpaceView[] } }>(
      server.url,
      MY_SPACES,
      { status: 'requested' },
      { token: kiran },
    );
    expect(requested.mySpaces.items.map((space) => space.name)).toEqual([
      'Riverside School Parents',
    ]);
    // Kiran's anonymous story waits for approval, seen only in his own list.
    const anonymous = (await stories(kiran, { list: 'anonymous' })).items;
    expect(anonymous).toHaveLength(1);
    expect(anonymous[0]).toMatchObject({ isAnonymousPost: true, isApproved: false });
  });

  it('shows problems in every status, with history, parts, measurements, members and solutions', async () => {
    const token = await signIn('meera');
    const all = [
      ...(await problems(token, 'ww')),
      ...(await problems(token, 'in')),
      ...(await problems(token, 'ke')),
    ];
    expect(new Set(all.map((problem) => problem.status))).toEqual(
      new Set(['proposed', 'unsolved', 'solving', 'solved', 'archived']),
    );
    const archived = all.find((problem) => problem.status === 'archived')!;
    // Changes made within the same millisecond may list in either order.
    expect(archived.statusActivity.map((change) => change.toStatus).sort()).toEqual([
      'archived',
      'solved',
      'solving',
    ]);

    const drains = all.find((problem) => problem.name.startsWith('Plastic waste blocks'))!;
    // The author and three members (a fourth left through the wizard); three linked solutions.
    expect(drains.counters).toMatchObject({
      totalParticipants: 4,
      totalSolutions: 3,
      totalStories: 1,
      totalSolvers: 3,
      totalRecipes: 1,
    });
    expect(drains.measurements).toHaveLength(4);
    expect(new Date(drains.measurements.at(-1)!.measuredAt).getTime()).toBeLessThan(
      Date.now() - 7 * 24 * 3600_000,
    );
    const parts = await gqlData<{
      problemParts: { type: string; attributes: { name: string }[] }[];
    }>(server.url, PARTS, { problemId: drains.id }, { token });
    expect(new Set(parts.problemParts.map((part) => part.type))).toEqual(
      new Set(['stakeholder', 'thing', 'process']),
    );
    expect(parts.problemParts.every((part) => part.attributes.length > 0)).toBe(true);
    const solutions = await gqlData<{ solutions: { items: { name: string }[] } }>(
      server.url,
      SOLUTIONS,
      { problemId: drains.id },
      { token },
    );
    expect(solutions.solutions.items).toHaveLength(3);
  });

  it('shows a newcomer the global space’s maps: a causal map with its loop, a board, an s-curve, a location map and a recipe', async () => {
    const token = await signIn('meera');
    const maps = await gqlData<{
      progressMaps: { items: { id: string; name: string; type: string; graphTypes: string[] }[] };
    }>(
      server.url,
      `{ progressMaps(spaceId: "ww", orderBy: az) { items { id name type graphTypes } } }`,
      {},
      { token },
    );
    expect(maps.progressMaps.items.map((map) => [map.name, map.type])).toEqual([
      ['Drains, floods and clinics', 'graph'],
      ['How much we solved', 'scurve'],
      ['Problems board', 'kanban'],
      ['Where the problems are', 'location'],
    ]);
    const causal = maps.progressMaps.items[0]!;
    expect(causal.graphTypes).toEqual(['2D', '3D']);
    const detail = await gqlData<{
      progressMap: { links: { type: string }[]; layers: { name: string }[]; positions3d: object };
      mapLoops: { loops: { polarity: string; nodes: string[] }[] };
      mapGraph: { nodes: { kind: string }[] };
    }>(
      server.url,
      `query($id: ID!) { progressMap(id: $id) { links layers positions3d }
        mapLoops(id: $id) { loops { polarity nodes } } mapGraph(id: $id) { nodes { kind } } }`,
      { id: causal.id },
      { token },
    );
    expect(detail.progressMap.links.map((link) => link.type).sort()).toEqual([
      'cld+',
      'cld-',
      'straight',
    ]);
    expect(detail.progressMap.layers.map((layer) => layer.name)).toEqual(['Water and health']);
    expect(Object.keys(detail.progressMap.positions3d).length).toBe(detail.mapGraph.nodes.length);
    expect(detail.mapLoops.loops).toEqual([{ polarity: 'B', nodes: expect.any(Array) }]);
    expect(detail.mapGraph.nodes.filter((node) => node.kind === 'waypoint')).toHaveLength(1);

    // Asha's private map is hers alone; the drains problem has its recipe with two steps.
    const asha = await signIn('asha');
    const own = await gqlData<{ progressMaps: { items: { name: string; isPrivate: boolean }[] } }>(
      server.url,
      `{ progressMaps(mine: true) { items { name isPrivate } } }`,
      {},
      { token: asha },
    );
    expect(own.progressMaps.items).toEqual([{ name: 'My notes on the taps', isPrivate: true }]);
    const drains = (await problems(token, 'ww')).find((problem) =>
      problem.name.startsWith('Plastic waste blocks'),
    )!;
    const recipes = await gqlData<{ progressMaps: { items: { id: string }[] } }>(
      server.url,
      `query($problemId: ID) { progressMaps(problemId: $problemId) { items { id } } }`,
      { problemId: drains.id },
      { token },
    );
    expect(recipes.progressMaps.items).toHaveLength(1);
    const steps = await gqlData<{ mapGraph: { nodes: { kind: string }[] } }>(
      server.url,
      `query($id: ID!) { mapGraph(id: $id) { nodes { kind } } }`,
      { id: recipes.progressMaps.items[0]!.id },
      { token },
    );
    expect(steps.mapGraph.nodes.filter((node) => node.kind === 'waypoint')).toHaveLength(2);
    expect(first.created).toMatchObject({ maps: 6, waypoints: 3 });
  });

  it('places stories and problems in real towns: nearest first for someone in Hyderabad', async () => {
    const token = await signIn('meera');
    const atHyderabad = { lat: 17.385, lng: 78.4867 };
    const near = await gqlData<{ stories: { items: { distanceKm: number }[] } }>(
      server.url,
      NEAR_STORIES,
      { orderBy: 'location', position: atHyderabad, distance: 'nearby' },
      { token },
    );
    expect(near.stories.items.length).toBeGreaterThan(0);
    const all = await gqlData<{ problems: { items: { distanceKm: number }[] } }>(
      server.url,
      NEAR_PROBLEMS,
      { orderBy: 'location', position: atHyderabad },
      { token },
    );
    const distances = all.problems.items.map((item) => item.distanceKm);
    expect(distances.length).toBeGreaterThan(2);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('leaves every stored counter equal to a count of its rows', async () => {
    expect(await counterMismatches(server.deps.db)).toEqual([]);
  });

  it('adds nothing when run again', async () => {
    const before = await rowCounts();
    const again = await seedDemo(server.deps);
    expect(again.outcome).toBe('already-seeded');
    expect(await rowCounts()).toEqual(before);
  });

  it('with reset, removes the demo accounts and seeds the same community anew', async () => {
    const before = await rowCounts();
    const reset = await seedDemo(server.deps, { reset: true });
    expect(reset).toMatchObject({ outcome: 'seeded', removed: PEOPLE.length });
    expect(reset.created).toEqual(first.created);
    expect(await rowCounts()).toEqual(before);
    expect(await counterMismatches(server.deps.db)).toEqual([]);
  });
});
