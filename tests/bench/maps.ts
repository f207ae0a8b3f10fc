/**
 * `BENCH_PARTS=maps`: a map of 2,000 nodes and 4,000 links against one of 20, in one run. The
 * server's save and load (p50 of repeated requests), then in headless Chromium the time until the
 * 2D map is interactive and the mean frame time while panning it, each as a ratio to the small
 * map (goal: open within 3x and pan within 2x), and the loop detection's time on the large map
 * with its caps.
 */
import { findFeedbackLoops, mapNodeKey, type MapLink } from '@rules';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser';
import { gqlData } from '../helpers/clients';
import type { Exec } from './seed';

export interface MapsBenchOptions {
  url: string;
  token: string;
  exec: Exec;
  spaceId: string;
  authorId: string;
  log: (message: string) => void;
}

export const MAPS_BENCH = {
  largeProblems: 1500,
  largeWaypoints: 500,
  largeLinks: 4000,
  smallProblems: 15,
  smallWaypoints: 5,
  smallLinks: 40,
  /** Requests per measured save or load, after two to warm up. */
  requests: 15,
  /** Openings of each map in the browser, and panning time per opening. */
  openings: 3,
  panMs: 3000,
};

const CREATE = `mutation($input: CreateMapInput!) { createProgressMap(input: $input) { id version } }`;
const SAVE = `mutation($id: ID!, $input: UpdateMapInput!) { updateProgressMap(id: $id, input: $input) { id version } }`;
const LOAD = `query($id: ID!) {
  progressMap(id: $id) { id version links positions2d positions3d layers settings excluded }
  mapGraph(id: $id) { nodes { key kind refId label status tags } edges { key source target kind } }
}`;

/** A deterministic pseudo-random sequence (the same map in every run). */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface BenchMap {
  id: string;
  version: number;
  keys: string[];
  links: MapLink[];
  positions: Record<string, { x: number; y: number }>;
}

/**
 * A map over `problems` problems of a tag of its own and `waypoints` waypoints (inserted in SQL:
 * the API's posting limits would take an hour), with `links` custom links of every type between
 * random nodes and a grid layout.
 */
async function seedMap(
  options: MapsBenchOptions,
  name: string,
  sizes: { problems: number; waypoints: number; links: number },
): Promise<BenchMap> {
  const { url, token, exec, spaceId, authorId } = options;
  const tag = `bench${name.toLowerCase()}`;
  const { createProgressMap: map } = await gqlData<{
    createProgressMap: { id: string; version: number };
  }>(
    url,
    CREATE,
    {
      input: {
        name: `Bench ${name}`,
        type: 'graph',
        graphTypes: ['2D'],
        spaceId,
        filters: { tags: [tag] },
      },
    },
    { token },
  );
  await exec(`
    insert into problems (id, space_id, author_id, name, description, tags)
    select 'bench-${tag}-p' || g, '${spaceId}', '${authorId}', 'Problem ${name} ' || g, '', array['${tag}']
    from generate_series(1, ${sizes.problems}) g;
    insert into waypoints (id, map_id, space_id, author_id, name, description)
    select 'bench-${tag}-w' || g, '${map.id}', '${spaceId}', '${authorId}', 'Waypoint ' || g, ''
    from generate_series(1, ${sizes.waypoints}) g;`);
  const keys = [
    ...Array.from({ length: sizes.problems }, (_, i) =>
      mapNodeKey('problem', `bench-${tag}-p${i + 1}`),
    ),
    ...Array.from({ length: sizes.waypoints }, (_, i) =>
      mapNodeKey('waypoint', `bench-${tag}-w${i + 1}`),
    ),
  ];
  const random = sequence(sizes.links);
  const pick = () => keys[Math.floor(random() * keys.length)]!;
  const types = ['straight', 'curved', 'cld+', 'cld-'] as const;
  const links: MapLink[] = Array.from({ length: sizes.links }, (_, i) => ({
    id: `l${i}`,
    source: pick(),
    target: pick(),
    type: types[i % types.length]!,
    label: '',
    description: '',
    style: {},
  }));
  const columns = Math.ceil(Math.sqrt(keys.length));
  const positions = Object.fromEntries(
    keys.map((key, i) => [key, { x: (i % columns) * 160, y: Math.floor(i / columns) * 120 }]),
  );
  return { id: map.id, version: map.version, keys, links, positions };
}

/** p50 of saving the whole layout and links, and of loading the map with its graph. */
async function measureServer(options: MapsBenchOptions, map: BenchMap) {
  const { url, token } = options;
  const saves: number[] = [];
  const loads: number[] = [];
  for (let i = 0; i < MAPS_BENCH.requests + 2; i += 1) {
    let started = performance.now();
    const { updateProgressMap } = await gqlData<{ updateProgressMap: { version: number } }>(
      url,
      SAVE,
      {
        id: map.id,
        input: { version: map.version, links: map.links, positions2d: map.positions },
      },
      { token },
    );
    map.version = updateProgressMap.version;
    if (i >= 2) saves.push(performance.now() - started);
    started = performance.now();
    await gqlData(url, LOAD, { id: map.id }, { token });
    if (i >= 2) loads.push(performance.now() - started);
  }
  return { save: p50(saves), load: p50(loads) };
}

/** Time until the 2D map says it is ready, then the mean frame time while dragging the canvas. */
async function measureBrowser(page: Page, url: string, mapId: string) {
  const opens: number[] = [];
  const frames: number[] = [];
  for (let i = 0; i < MAPS_BENCH.openings; i += 1) {
    const started = performance.now();
    await page.goto(`${url}/graphviews/${mapId}`);
    await page.waitForSelector('[data-testid="graph-map"][data-ready="true"]', {
      timeout: 120_000,
    });
    opens.push(performance.now() - started);
    const box = await page.locator('[data-testid="graph-map"]').boundingBox();
    if (!box) throw new Error('maps bench: the map has no box');
    // A string, not a function: tsx names the functions it compiles with a helper (`__name`)
    // that does not exist in the page.
    const frameTimes = page.evaluate<number>(`new Promise((resolve) => {
      const times = [];
      const end = performance.now() + ${MAPS_BENCH.panMs};
      const tick = (now) => {
        times.push(now);
        if (now < end) requestAnimationFrame(tick);
        else resolve((times.at(-1) - times[0]) / Math.max(1, times.length - 1));
      };
      requestAnimationFrame(tick);
    })`);
    // Drag the empty canvas back and forth while the page counts its frames.
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    const until = performance.now() + MAPS_BENCH.panMs;
    for (let step = 0; performance.now() < until; step += 1) {
      const dx = Math.sin(step / 8) * box.width * 0.3;
      await page.mouse.move(centre.x + dx, centre.y + dx / 3, { steps: 2 });
    }
    await page.mouse.up();
    frames.push(await frameTimes);
  }
  return { open: p50(opens), frame: p50(frames) };
}

export async function measureMaps(options: MapsBenchOptions): Promise<string[]> {
  const { log, url, token } = options;
  log('maps: seeding a map of 20 nodes and one of 2,000');
  const small = await seedMap(options, 'Small', {
    problems: MAPS_BENCH.smallProblems,
    waypoints: MAPS_BENCH.smallWaypoints,
    links: MAPS_BENCH.smallLinks,
  });
  const large = await seedMap(options, 'Large', {
    problems: MAPS_BENCH.largeProblems,
    waypoints: MAPS_BENCH.largeWaypoints,
    links: MAPS_BENCH.largeLinks,
  });

  log('maps: saving and loading each map on the server');
  const smallServer = await measureServer(options, small);
  const largeServer = await measureServer(options, large);

  log('maps: opening and panning each map in Chromium');
  const browser = await launchChromium();
  let smallBrowser;
  let largeBrowser;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'session', value: token, url }]);
    const page = await context.newPage();
    smallBrowser = await measureBrowser(page, url, small.id);
    largeBrowser = await measureBrowser(page, url, large.id);
  } finally {
    await browser.close();
  }

  const started = performance.now();
  const loops = findFeedbackLoops({ nodes: large.keys, links: large.links });
  const loopMs = performance.now() - started;

  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  return [
    '',
    'Progress maps: 2,000 nodes and 4,000 links against 20 nodes and 40 links',
    `  server save p50          ${ms(largeServer.save)} (small ${ms(smallServer.save)})`,
    `  server load p50          ${ms(largeServer.load)} (small ${ms(smallServer.load)}), map with its graph`,
    `  open until interactive   ${ms(largeBrowser.open)} (small ${ms(smallBrowser.open)}): ratio ${ratio(largeBrowser.open, smallBrowser.open)} (goal <= 3)`,
    `  frame while panning      ${ms(largeBrowser.frame)} (small ${ms(smallBrowser.frame)}): ratio ${ratio(largeBrowser.frame, smallBrowser.frame)} (goal <= 2)`,
    `  loop detection           ${ms(loopMs)}: ${loops.loops.length} loops${loops.truncated ? ' (capped)' : ''}`,
  ];
}
