import { LINK_TYPE_STYLES, linkStyleOf, newLayer, type MapLink } from '@rules';
import { describe, expect, it } from 'vitest';
import { canvasStyleOf } from '../../client/src/features/maps/graph/canvasStyle';
import { axisTicks, moveLayer, planeBounds } from '../../client/src/features/maps/graph/layers3d';
import {
  angleOn,
  linkCurve,
  pointOn,
  signedCurvature,
} from '../../client/src/features/maps/graph/linkGeometry';
import {
  draftChanged,
  draftOf,
  overridesOf,
  remapWaypoints,
  restyle,
  saveInputOf,
  waypointMapping,
} from '../../client/src/features/maps/graph/mapDraft';
import {
  loopGraphOf,
  nameLoops,
  sceneOf,
  searchNodes,
} from '../../client/src/features/maps/graph/scene';
import type { MapGraphFragment } from '../../client/src/gql/graphql';

const saved = {
  name: 'Drains',
  description: '',
  isPrivate: false,
  copyEnabled: true,
  cldsEnabled: true,
  collaborators: [{ id: 'u1', displayName: 'Asha', photoURL: '', role: 'person' as const }],
  settings: { nodeSize: 12, unknownSetting: true },
  layers: [{ id: 'l1', name: 'Water', filterTags: ['flooding'] }],
  links: [
    { id: 'a', source: 'problem:p1', target: 'waypoint:w1', type: 'cld+', label: 'x', style: {} },
    { id: 'broken', source: 'problem:p1', type: 'cld+' },
    { id: 'odd', source: 'problem:p1', target: 'problem:p2', type: 'wiggly' },
  ],
  positions2d: { 'problem:p1': { x: 1, y: 2 }, 'waypoint:w1': { x: 5, y: 6 }, bad: { x: 'no' } },
  positions3d: {},
  excluded: ['tag:x'],
};

describe('a map’s draft', () => {
  it('reads the saved JSON parts, leaving out what cannot be drawn', () => {
    const draft = draftOf(saved);
    expect(draft.collaboratorIds).toEqual(['u1']);
    expect(draft.settings.nodeSize).toBe(12);
    expect(draft.settings.showLinkLabels).toBe(true);
    expect(draft.links.map((link) => link.id)).toEqual(['a']);
    expect(draft.links[0]!.description).toBe('');
    expect(draft.layers[0]!.opacity).toBe(0.5);
    expect(Object.keys(draft.positions2d)).toEqual(['problem:p1', 'waypoint:w1']);
  });

  it('saves only what changed, with the version it started from', () => {
    const base = draftOf(saved);
    const draft = {
      ...base,
      name: 'Drains and floods',
      positions2d: { ...base.positions2d, 'problem:p1': { x: 9, y: 9 } },
    };
    expect(saveInputOf(base, draft, 4)).toEqual({
      version: 4,
      name: 'Drains and floods',
      positions2d: draft.positions2d,
    });
    expect(draftChanged(base, draft)).toBe(true);
    expect(draftChanged(base, { ...base })).toBe(false);
  });

  it('sends collaborators only when the author changed them (order aside)', () => {
    const base = { ...draftOf(saved), collaboratorIds: ['u1', 'u2'] };
    expect(saveInputOf(base, { ...base, collaboratorIds: ['u2', 'u1'] }, 1)).toEqual({
      version: 1,
    });
    expect(saveInputOf(base, { ...base, collaboratorIds: ['u1'] }, 1).collaboratorIds).toEqual([
      'u1',
    ]);
  });

  it('follows a copy’s new waypoints by name and description, dropping what has none', () => {
    const mapping = waypointMapping(
      [
        { key: 'waypoint:w1', label: 'Meet', description: null },
        { key: 'waypoint:w2', label: 'Gone', description: null },
      ],
      [{ key: 'waypoint:c1', label: 'Meet', description: '' }],
    );
    expect([...mapping]).toEqual([['waypoint:w1', 'waypoint:c1']]);
    const draft = draftOf(saved);
    const withGone: MapLink = { ...draft.links[0]!, id: 'b', target: 'waypoint:w2' };
    const moved = remapWaypoints({ ...draft, links: [...draft.links, withGone] }, mapping);
    expect(moved.links.map((link) => [link.id, link.target])).toEqual([['a', 'waypoint:c1']]);
    expect(moved.positions2d['waypoint:c1']).toEqual({ x: 5, y: 6 });
    expect(moved.positions2d['waypoint:w1']).toBeUndefined();
  });
});

describe('link styles in the editor', () => {
  it('keeps only what differs from the type’s defaults', () => {
    const style = {
      ...linkStyleOf({ type: 'cld+', style: {} }),
      width: 3,
      particles: { ...LINK_TYPE_STYLES['cld+'].particles, count: 8 },
    };
    expect(overridesOf(style, 'cld+')).toEqual({ width: 3, particles: { count: 8 } });
  });

  it('moves a style to another type: its own choices stay, the type’s colours follow', () => {
    const style = { ...linkStyleOf({ type: 'cld+', style: {} }), width: 4 };
    const next = restyle(style, 'cld+', 'cld-');
    expect(next.width).toBe(4);
    expect(next.color).toBe(LINK_TYPE_STYLES['cld-'].color);
  });

  it('bends curved links to the chosen side and starts them at the nodes’ edges', () => {
    expect(signedCurvature({ curvatureType: 'clockwise', curvature: '0.5' })).toBe(0.5);
    expect(signedCurvature({ curvatureType: 'counterClockwise', curvature: '0.5' })).toBe(-0.5);
    expect(signedCurvature({ curvatureType: 'straight', curvature: '0.5' })).toBe(0);
    const straight = linkCurve({ x: 0, y: 0 }, { x: 100, y: 0 }, 0, 10, 20);
    expect(straight.p0.x).toBeCloseTo(10, 0);
    expect(straight.p3.x).toBeCloseTo(80, 0);
    const curved = linkCurve({ x: 0, y: 0 }, { x: 100, y: 0 }, 0.5);
    const opposite = linkCurve({ x: 0, y: 0 }, { x: 100, y: 0 }, -0.5);
    expect(Math.sign(pointOn(curved, 0.5).y)).toBe(-Math.sign(pointOn(opposite, 0.5).y));
    expect(Math.abs(pointOn(curved, 0.5).y)).toBeCloseTo(25, 0);
    expect(angleOn(straight, 0.5)).toBeCloseTo(0);
  });

  it('draws a link to its own node as a loop beside it', () => {
    const loop = linkCurve({ x: 50, y: 50 }, { x: 50, y: 50 }, 0, 15, 15);
    expect(loop.straight).toBe(false);
    expect(pointOn(loop, 0.5).y).toBeLessThan(50 - 15);
  });
});

const graph: MapGraphFragment = {
  nodes: [
    {
      key: 'problem:p1',
      kind: 'problem',
      refId: 'p1',
      label: 'Blocked drains',
      description: null,
      status: 'solving',
      photoURL: null,
      tags: ['flooding'],
      createdAt: null,
      lat: null,
      lng: null,
      canChangeStatus: false,
    },
    {
      key: 'problem:p2',
      kind: 'problem',
      refId: 'p2',
      label: 'Clinics',
      description: null,
      status: 'unsolved',
      photoURL: null,
      tags: [],
      createdAt: null,
      lat: null,
      lng: null,
      canChangeStatus: false,
    },
    {
      key: 'solution:s1',
      kind: 'solution',
      refId: 's1',
      label: 'Mesh guards',
      description: null,
      status: null,
      photoURL: null,
      tags: ['flooding'],
      createdAt: null,
      lat: null,
      lng: null,
      canChangeStatus: false,
    },
    {
      key: 'solution:s2',
      kind: 'solution',
      refId: 's2',
      label: 'Elsewhere',
      description: null,
      status: null,
      photoURL: null,
      tags: [],
      createdAt: null,
      lat: null,
      lng: null,
      canChangeStatus: false,
    },
    {
      key: 'user:u1',
      kind: 'user',
      refId: 'u1',
      label: 'Asha',
      description: null,
      status: null,
      photoURL: null,
      tags: [],
      createdAt: null,
      lat: null,
      lng: null,
      canChangeStatus: false,
    },
  ],
  edges: [{ key: 'solves:s1', source: 'solution:s1', target: 'problem:p1', kind: 'solves' }],
};

describe('what a map shows', () => {
  const base = {
    ...draftOf(null),
    links: [
      {
        id: 'l1',
        source: 'problem:p1',
        target: 'problem:p2',
        type: 'cld+' as const,
        label: '',
        description: '',
        style: {},
      },
      {
        id: 'l2',
        source: 'problem:p2',
        target: 'solution:s1',
        type: 'cld-' as const,
        label: '',
        description: '',
        style: {},
      },
    ],
  };

  it('leaves out excluded nodes and their links, and participants unless shown', () => {
    const scene = sceneOf(graph, { ...base, excluded: ['problem:p2'] });
    expect(scene.byKey.has('problem:p2')).toBe(false);
    expect(scene.byKey.has('user:u1')).toBe(false);
    expect(scene.links).toEqual([]);
  });

  it('adds tag nodes from the nodes’ tags when tags are shown before the map is saved', () => {
    const scene = sceneOf(graph, { ...base, settings: { ...base.settings, showTags: true } });
    expect(scene.byKey.get('tag:flooding')?.label).toBe('#flooding');
    expect(scene.edges.filter((edge) => edge.target === 'tag:flooding')).toHaveLength(2);
  });

  it('hides the space’s other solutions: those solving no problem shown', () => {
    const scene = sceneOf(graph, {
      ...base,
      settings: { ...base.settings, showSpaceSolutions: false },
    });
    expect(scene.byKey.has('solution:s1')).toBe(true);
    expect(scene.byKey.has('solution:s2')).toBe(false);
  });

  it('gives the loop search custom links with their types and automatic ones unsigned', () => {
    const loops = loopGraphOf(sceneOf(graph, base));
    expect(loops.links).toContainEqual({
      id: 'l1',
      source: 'problem:p1',
      target: 'problem:p2',
      type: 'cld+',
    });
    expect(loops.links).toContainEqual({
      id: 'solves:s1',
      source: 'solution:s1',
      target: 'problem:p1',
      type: 'straight',
    });
  });

  it('names loops per polarity and marks those through progress', () => {
    const named = nameLoops(
      [
        { nodes: ['a', 'b'], links: ['1', '2'], polarity: 'B' },
        { nodes: ['a', 'c'], links: ['3', '4'], polarity: 'R' },
        { nodes: ['b', 'c'], links: ['5', '6'], polarity: 'B' },
      ],
      new Set(['c']),
    );
    expect(named.map((loop) => [loop.name, loop.throughProgress])).toEqual([
      ['B1', false],
      ['R1', true],
      ['B2', true],
    ]);
  });

  it('finds nodes by words of their name or by tags', () => {
    expect(searchNodes(graph.nodes, 'name', 'DRAIN', []).map((node) => node.key)).toEqual([
      'problem:p1',
    ]);
    expect(searchNodes(graph.nodes, 'tags', '', ['#Flooding']).map((node) => node.key)).toEqual([
      'problem:p1',
      'solution:s1',
    ]);
    expect(searchNodes(graph.nodes, 'name', '  ', [])).toEqual([]);
  });
});

describe('3D layers and the canvas highlights', () => {
  it('reorders layers', () => {
    const layers = ['a', 'b', 'c'].map((id) => newLayer(id, id));
    expect(moveLayer(layers, 0, 2).map((layer) => layer.id)).toEqual(['b', 'c', 'a']);
    expect(moveLayer(layers, 0, 5).map((layer) => layer.id)).toEqual(['a', 'b', 'c']);
  });

  it('labels axes with the listed values, or dates and numbers over their range', () => {
    const layer = {
      ...newLayer('l', 'L'),
      xAxisUseDateRange: true,
      xAxisStartDate: '2025-01-01',
      xAxisEndDate: '2025-01-09',
      xAxisNumTicks: 3,
      yAxisUseRange: true,
      yAxisStartValue: 0,
      yAxisEndValue: 10,
      yAxisNumTicks: 3,
    };
    const ticks = axisTicks(layer, (date) => date.toISOString().slice(0, 10));
    expect(ticks.x).toEqual(['2025-01-01', '2025-01-05', '2025-01-09']);
    expect(ticks.y).toEqual(['0', '5', '10']);
    expect(axisTicks(newLayer('l', 'L'), String).x).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
  });

  it('makes a plane around every node, never a sliver', () => {
    const bounds = planeBounds([
      { x: 0, y: 0 },
      { x: 1, y: 1 },
    ]);
    expect(bounds.maxX - bounds.minX).toBeGreaterThanOrEqual(40);
  });

  it('highlights nodes by their keys, quoted safely, and flashes those a signal reaches', () => {
    const css = canvasStyleOf({
      nodes: new Set(['tag:say "hi"']),
      flashes: new Map([['problem:p1', -1 as const]]),
      step: 3,
      iconClass: 'icon',
    });
    expect(css).toContain('.react-flow__node[data-id="tag:say \\"hi\\""] .icon');
    expect(css).toContain('gm-flash-down-1');
    expect(css).not.toContain('gm-flash-up');
  });
});
