import { newLayer } from '@rules';
import { describe, expect, it } from 'vitest';
import {
  DAGRE_MAX_NODES,
  LAYER_GAP_3D,
  PX_PER_UNIT_3D,
  autoLayout,
  layerZ,
  placeNodes,
  positions3dOf,
} from '../../client/src/features/maps/graph/layout';

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
  it('keeps saved positions as they are', () => {
    const saved = { 'problem:a': { x: 10, y: 20 }, 'problem:b': { x: 400, y: 20 } };
    expect(placeNodes(['problem:a', 'problem:b'].map(box), [], saved)).toBe(saved);
  });

  it('lays out a map with nothing saved, as top-left corners of the icons', () => {
    const placed = placeNodes(
      ['problem:a', 'problem:b'].map(box),
      [{ source: 'problem:a', target: 'problem:b' }],
      {},
    );
    expect(Object.keys(placed).sort()).toEqual(['problem:a', 'problem:b']);
    expect(placed['problem:a']!.x).toBeLessThan(placed['problem:b']!.x);
  });

  it('puts a new node left of what it links to, the others where they were', () => {
    const saved = { 'problem:b': { x: 500, y: 100 } };
    const placed = placeNodes(
      ['solution:new', 'problem:b'].map(box),
      [{ source: 'solution:new', target: 'problem:b' }],
      saved,
    );
    expect(placed['problem:b']).toEqual({ x: 500, y: 100 });
    expect(placed['solution:new']!.x).toBeLessThan(500);
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
