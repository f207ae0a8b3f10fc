import { newLayer, type MapPositions } from '@rules';
import { describe, expect, it } from 'vitest';
import {
  DAGRE_MAX_NODES,
  LAYER_GAP_3D,
  PX_PER_UNIT_3D,
  autoLayout,
  freePlaceNear,
  layerZ,
  placeNodes,
  positions3dOf,
} from '../../client/src/features/maps/graph/layout';
import {
  LABEL_MIN_TEXT_PX,
  TEXT_SHARE,
  labelScale,
  unclutteredLabels,
  worldPerPixel,
  wrapLabel,
} from '../../client/src/features/maps/graph/layers3d';

const box = (key: string) => ({ key, width: 140, height: 60, boxWidth: 30, boxHeight: 30 });
const overlaps = (
  centres: Map<string, { x: number; y: number }>,
  width: number,
  height: number,
) => {
  const points = [...centres.values()];
  for (let a = 0; a < points.length; a++)
    for (let b = a + 1; b < points.length; b++)
      if (
        Math.abs(points[a]!.x - points[b]!.x) < width &&
        Math.abs(points[a]!.y - points[b]!.y) < height
      )
        return true;
  return false;
};

describe('the automatic layout', () => {
  it('lays a small map out left to right: a link’s source left of its target', () => {
    const nodes = ['solution:a', 'problem:b', 'problem:c'].map(box);
    const centres = autoLayout(nodes, [
      { source: 'solution:a', target: 'problem:b' },
      { source: 'problem:b', target: 'problem:c' },
    ]);
    expect(centres.get('solution:a')!.x).toBeLessThan(centres.get('problem:b')!.x);
    expect(centres.get('problem:b')!.x).toBeLessThan(centres.get('problem:c')!.x);
  });

  it('puts unlinked nodes in a grid under the linked ones, none on another', () => {
    const nodes = [
      ...['problem:a', 'problem:b'],
      ...Array.from({ length: 9 }, (_, at) => `problem:x${at}`),
    ].map(box);
    const centres = autoLayout(nodes, [{ source: 'problem:a', target: 'problem:b' }]);
    expect(centres.size).toBe(11);
    const linkedBottom = Math.max(centres.get('problem:a')!.y, centres.get('problem:b')!.y);
    for (let at = 0; at < 9; at++)
      expect(centres.get(`problem:x${at}`)!.y).toBeGreaterThan(linkedBottom);
    expect(overlaps(centres, 140, 60)).toBe(false);
  });

  it('lays out a map of 2,000 nodes and 4,000 links (cycles too) in well under a second', () => {
    const count = 2000;
    const nodes = Array.from({ length: count }, (_, at) => box(`problem:n${at}`));
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const edges = Array.from({ length: 4000 }, () => ({
      source: `problem:n${Math.floor(random() * count)}`,
      target: `problem:n${Math.floor(random() * count)}`,
    }));
    expect(count).toBeGreaterThan(DAGRE_MAX_NODES);
    const started = performance.now();
    const centres = autoLayout(nodes, edges);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(centres.size).toBe(count);
    const distinct = new Set([...centres.values()].map((point) => `${point.x},${point.y}`));
    expect(distinct.size).toBe(count);
  });
});

describe('placing the nodes of a map', () => {
  /** The layout boxes (the icon with its label under it) of placed nodes. */
  const rects = (nodes: readonly ReturnType<typeof box>[], positions: MapPositions) =>
    nodes.map((node) => {
      const at = positions[node.key]!;
      const left = at.x + node.boxWidth / 2 - node.width / 2;
      return {
        key: node.key,
        left,
        top: at.y,
        right: left + node.width,
        bottom: at.y + node.height,
      };
    });
  const overlapping = (nodes: readonly ReturnType<typeof box>[], positions: MapPositions) => {
    const all = rects(nodes, positions);
    const pairs: string[] = [];
    for (let a = 0; a < all.length; a++)
      for (let b = a + 1; b < all.length; b++) {
        const [p, q] = [all[a]!, all[b]!];
        if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom)
          pairs.push(`${p.key} / ${q.key}`);
      }
    return pairs;
  };
  const distance = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.hypot(a.x - b.x, a.y - b.y);

  it('keeps saved positions as they are', () => {
    const saved = { 'problem:a': { x: 10, y: 20 }, 'problem:b': { x: 400, y: 20 } };
    const placed = placeNodes(['problem:a', 'problem:b'].map(box), [], saved);
    expect(placed.positions).toBe(saved);
    expect(placed.added).toEqual({});
  });

  it('lays out a map with nothing saved, as top-left corners of the icons', () => {
    const { positions, added } = placeNodes(
      ['problem:a', 'problem:b'].map(box),
      [{ source: 'problem:a', target: 'problem:b' }],
      {},
    );
    expect(Object.keys(positions).sort()).toEqual(['problem:a', 'problem:b']);
    expect(positions['problem:a']!.x).toBeLessThan(positions['problem:b']!.x);
    expect(added).toEqual(positions);
  });

  it('moves no node when links are drawn on a map laid out automatically (nothing saved)', () => {
    const nodes = ['problem:a', 'problem:b', 'problem:c', 'problem:d', 'solution:e'].map(box);
    const edges = [{ source: 'solution:e', target: 'problem:a' }];
    const first = placeNodes(nodes, edges, {});
    const drawn = [
      { source: 'problem:a', target: 'problem:b' },
      { source: 'problem:b', target: 'problem:c' },
      { source: 'problem:c', target: 'problem:d' },
      { source: 'problem:d', target: 'problem:a' },
      { source: 'problem:c', target: 'solution:e' },
    ];
    for (let count = 1; count <= drawn.length; count++) {
      const next = placeNodes(nodes, [...edges, ...drawn.slice(0, count)], {}, first.added);
      expect(next.positions).toEqual(first.positions);
      expect(next.added).toEqual({});
    }
  });

  it('keeps a node the person moved where it was put, and the rest where they were placed', () => {
    const nodes = ['problem:a', 'problem:b', 'problem:c'].map(box);
    const first = placeNodes(nodes, [], {});
    const moved = { 'problem:b': { x: 900, y: -300 } };
    const { positions } = placeNodes(
      nodes,
      [{ source: 'problem:a', target: 'problem:c' }],
      moved,
      first.added,
    );
    expect(positions['problem:b']).toEqual({ x: 900, y: -300 });
    expect(positions['problem:a']).toEqual(first.positions['problem:a']);
    expect(positions['problem:c']).toEqual(first.positions['problem:c']);
  });

  it('puts a new node left of what it links to, near it, the others where they were', () => {
    const saved = { 'problem:b': { x: 500, y: 100 }, 'problem:c': { x: 100, y: 400 } };
    const { positions, added } = placeNodes(
      ['solution:new', 'problem:b', 'problem:c'].map(box),
      [{ source: 'solution:new', target: 'problem:b' }],
      saved,
    );
    expect(positions['problem:b']).toEqual({ x: 500, y: 100 });
    expect(positions['problem:c']).toEqual({ x: 100, y: 400 });
    expect(Object.keys(added)).toEqual(['solution:new']);
    expect(positions['solution:new']!.x).toBeLessThan(500);
    expect(distance(positions['solution:new']!, saved['problem:b'])).toBeLessThan(250);
  });

  it('puts a new node right of what links to it', () => {
    const saved = { 'problem:b': { x: 500, y: 100 } };
    const { positions } = placeNodes(
      ['problem:b', 'problem:new'].map(box),
      [{ source: 'problem:b', target: 'problem:new' }],
      saved,
    );
    expect(positions['problem:new']!.x).toBeGreaterThan(500);
    expect(distance(positions['problem:new']!, saved['problem:b'])).toBeLessThan(250);
  });

  it('puts new nodes on free spots: none over another, even where the map is crowded', () => {
    // A saved 3×3 block round the anchor, so the spot beside it is taken.
    const saved: MapPositions = {};
    for (let i = -1; i <= 1; i++)
      for (let j = -1; j <= 1; j++) saved[`problem:s${i}${j}`] = { x: i * 170, y: j * 100 };
    const fresh = Array.from({ length: 6 }, (_, at) => `solution:n${at}`);
    const nodes = [...Object.keys(saved), ...fresh].map(box);
    const { positions } = placeNodes(
      nodes,
      fresh.map((key) => ({ source: key, target: 'problem:s00' })),
      saved,
    );
    for (const key of Object.keys(saved)) expect(positions[key]).toEqual(saved[key]);
    expect(overlapping(nodes, positions)).toEqual([]);
    for (const key of fresh)
      expect(distance(positions[key]!, saved['problem:s00']!)).toBeLessThan(700);
  });

  it('grows a chain of new nodes out of what it links to, and puts unlinked ones under the map', () => {
    const saved = { 'problem:a': { x: 0, y: 0 }, 'problem:b': { x: 300, y: 0 } };
    const nodes = ['problem:a', 'problem:b', 'waypoint:w', 'solution:x', 'solution:y'].map(box);
    const { positions } = placeNodes(
      nodes,
      [
        { source: 'solution:x', target: 'problem:a' },
        { source: 'solution:y', target: 'solution:x' },
      ],
      saved,
    );
    expect(positions['solution:x']!.x).toBeLessThan(0);
    expect(positions['solution:y']!.x).toBeLessThan(positions['solution:x']!.x);
    expect(positions['waypoint:w']!.y).toBeGreaterThan(60);
    expect(overlapping(nodes, positions)).toEqual([]);
  });

  it('places a thousand new nodes round one anchor among a thousand saved in well under a second', () => {
    const saved: MapPositions = {};
    for (let at = 0; at < 1000; at++)
      saved[`problem:s${at}`] = { x: (at % 40) * 170, y: Math.floor(at / 40) * 100 };
    const fresh = Array.from({ length: 1000 }, (_, at) => `solution:n${at}`);
    const nodes = [...Object.keys(saved), ...fresh].map(box);
    const started = performance.now();
    const { positions } = placeNodes(
      nodes,
      fresh.map((key) => ({ source: key, target: 'problem:s500' })),
      saved,
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(Object.keys(positions)).toHaveLength(2000);
    expect(overlapping(nodes, positions)).toEqual([]);
  });

  it('finds a free place near a point taken by a node (a waypoint added in the middle)', () => {
    const nodes = ['problem:a', 'problem:b'].map(box);
    const positions = { 'problem:a': { x: 0, y: 0 }, 'problem:b': { x: 170, y: 0 } };
    const waypoint = box('waypoint:w');
    const at = freePlaceNear(waypoint, { x: 5, y: 5 }, nodes, positions);
    expect(overlapping([...nodes, waypoint], { ...positions, [waypoint.key]: at })).toEqual([]);
    expect(distance(at, { x: 5, y: 5 })).toBeLessThan(200);
    expect(freePlaceNear(waypoint, { x: 0, y: 400 }, nodes, positions)).toEqual({ x: 0, y: 400 });
  });
});

describe('3D positions', () => {
  const layers = [
    { ...newLayer('l1', 'Water'), filterTags: ['flooding'] },
    { ...newLayer('l2', 'Health'), filterTags: ['health', 'flooding'] },
  ];
  const nodes = [
    { key: 'problem:a', tags: ['flooding'], width: 30, height: 30 },
    { key: 'problem:b', tags: ['health'], width: 30, height: 30 },
    { key: 'problem:c', tags: [], width: 30, height: 30 },
  ];
  const flat = {
    'problem:a': { x: 0, y: 0 },
    'problem:b': { x: 200, y: 100 },
    'problem:c': { x: 100, y: 50 },
  };

  it('puts a node on the first layer whose tags it has, and the others in front', () => {
    const placed = positions3dOf(nodes, flat, {}, layers);
    expect(placed.get('problem:a')!.z).toBe(layerZ(0));
    expect(placed.get('problem:b')!.z).toBe(layerZ(1));
    expect(placed.get('problem:c')!.z).toBe(LAYER_GAP_3D);
  });

  it('keeps the 2D layout, scaled, with y up', () => {
    const placed = positions3dOf(nodes, flat, {}, []);
    const a = placed.get('problem:a')!;
    const b = placed.get('problem:b')!;
    expect(b.x - a.x).toBeCloseTo(200 / PX_PER_UNIT_3D);
    expect(b.y - a.y).toBeCloseTo(-100 / PX_PER_UNIT_3D);
  });

  it('uses a saved 3D position over the derived one', () => {
    const placed = positions3dOf(nodes, flat, { 'problem:c': { x: 100, y: 200, z: -300 } }, layers);
    expect(placed.get('problem:c')).toEqual({ x: 10, y: 20, z: -30 });
  });
});

describe('3D labels', () => {
  const FOV = 50;

  it('keep their world size near, and grow far so their text stays 13 px tall on screen', () => {
    expect(labelScale(1.6, 10, FOV, 675)).toBe(1);
    // The demo map's first view: 300 units away on a 675 px canvas, text would be 2 px tall.
    const far = labelScale(1.6, 300, FOV, 675);
    expect(far).toBeGreaterThan(1);
    const textPx = ((1.6 * far * TEXT_SHARE) / worldPerPixel(300, FOV, 675)).toFixed(3);
    expect(Number(textPx)).toBeCloseTo(LABEL_MIN_TEXT_PX, 3);
  });

  const measure = (text: string) => text.length * 10;

  it('wrap on two lines at most, the rest ending in an ellipsis', () => {
    expect(wrapLabel('Clinics fill up', measure, 200)).toEqual(['Clinics fill up']);
    expect(wrapLabel('Blocked drains flood the market', measure, 160)).toEqual([
      'Blocked drains',
      'flood the market',
    ]);
    const lines = wrapLabel('Plastic waste blocks storm drains before the monsoon', measure, 150);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(lines.every((line) => measure(line) <= 150)).toBe(true);
    expect(wrapLabel('Supercalifragilisticexpialidocious', measure, 100)[0]).toMatch(/…$/u);
  });

  it('show, in order, each label that covers none shown before it', () => {
    const box = (left: number, top: number) => ({ left, top, right: left + 100, bottom: top + 20 });
    expect(unclutteredLabels([box(0, 0), box(50, 10), box(0, 30), null, box(200, 0)])).toEqual([
      true,
      false,
      true,
      false,
      true,
    ]);
  });
});
