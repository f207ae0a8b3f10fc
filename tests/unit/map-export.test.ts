import {
  DEFAULT_MAP_SETTINGS,
  MAP_EXPORT_FORMAT,
  MAP_EXPORT_VERSION,
  PROBLEM_STATUS_COLORS,
  mapImportSchema,
  type MapLink,
} from '@rules';
import { describe, expect, it } from 'vitest';
import { draftOf } from '../../client/src/features/maps/graph/mapDraft';
import { mapExportOf, mapSvgOf } from '../../client/src/features/maps/graph/mapExport';
import { nodeBoxOf, sceneOf } from '../../client/src/features/maps/graph/scene';
import type { MapGraphFragment, ProgressMapDetailFragment } from '../../client/src/gql/graphql';

const node = (
  key: string,
  label: string,
  extra: Partial<MapGraphFragment['nodes'][number]> = {},
): MapGraphFragment['nodes'][number] => ({
  key,
  kind: key.slice(0, key.indexOf(':')) as MapGraphFragment['nodes'][number]['kind'],
  refId: key.slice(key.indexOf(':') + 1),
  label,
  description: null,
  status: null,
  photoURL: null,
  tags: [],
  createdAt: null,
  lat: null,
  lng: null,
  canChangeStatus: false,
  ...extra,
});

const links: MapLink[] = [
  {
    id: 'l1',
    source: 'problem:p1',
    target: 'problem:p2',
    type: 'cld+',
    label: 'Floods spread <disease>',
    description: '',
    style: {},
  },
  {
    id: 'l2',
    source: 'problem:p2',
    target: 'waypoint:w1',
    type: 'straight',
    label: '',
    description: '',
    style: { dashed: true, dashPattern: '6 3', width: 3 },
  },
];

const graph: MapGraphFragment = {
  nodes: [
    node('problem:p1', 'Blocked drains', { status: 'solving', tags: ['flooding'] }),
    node('problem:p2', 'Clinics run out', { status: 'unsolved' }),
    node('solution:s1', 'Mesh guards'),
    node('waypoint:w1', 'Ward meeting', { description: 'Before the monsoon' }),
  ],
  edges: [
    {
      key: 'solves:solution:s1>problem:p1',
      source: 'solution:s1',
      target: 'problem:p1',
      kind: 'solves',
    },
  ],
};

const map = {
  name: 'Drains & clinics',
  description: 'How floods fill the clinics',
  type: 'graph',
  graphTypes: ['2D', '3D', 'VR'],
  cldsEnabled: true,
  isPrivate: false,
  copyEnabled: true,
  collaborators: [],
  filters: { statuses: [], timeRange: 'alltime', startDate: null, endDate: null, tags: [] },
  settings: { showLinkLabels: true },
  layers: [],
  links,
  positions2d: {
    'problem:p1': { x: 0, y: 0 },
    'problem:p2': { x: 300, y: 0 },
    'solution:s1': { x: -300, y: 0 },
    'waypoint:w1': { x: 300, y: 200 },
  },
  positions3d: {},
  excluded: ['tag:old'],
} satisfies Parameters<typeof mapExportOf>[0] & Partial<ProgressMapDetailFragment>;

describe('the map export file', () => {
  it('has the format, the map, its waypoints and its nodes', () => {
    const file = mapExportOf(map, graph);
    expect(file.format).toBe(MAP_EXPORT_FORMAT);
    expect(file.version).toBe(MAP_EXPORT_VERSION);
    expect(file.map.name).toBe('Drains & clinics');
    expect(file.map.graphTypes).toEqual(['2D', '3D']);
    expect(file.map.settings).toEqual({ ...DEFAULT_MAP_SETTINGS, showLinkLabels: true });
    expect(file.map.links.map((link) => link.id)).toEqual(['l1', 'l2']);
    expect(file.map.excluded).toEqual(['tag:old']);
    expect(file.waypoints).toEqual([
      { key: 'waypoint:w1', name: 'Ward meeting', description: 'Before the monsoon' },
    ]);
    expect(file.nodes).toContainEqual({
      key: 'solution:s1',
      kind: 'solution',
      label: 'Mesh guards',
    });
  });

  it('is a file import accepts', () => {
    const parsed = mapImportSchema.safeParse(JSON.parse(JSON.stringify(mapExportOf(map, graph))));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('holds the editor’s unsaved changes when given its draft', () => {
    const draft = { ...draftOf(map), name: 'Renamed', links: [links[0]!] };
    const file = mapExportOf(map, graph, draft);
    expect(file.map.name).toBe('Renamed');
    expect(file.map.links).toHaveLength(1);
  });
});

describe('the map drawing (SVG)', () => {
  const draft = draftOf(map);
  const scene = sceneOf(graph, draft);
  const boxes = new Map(scene.nodes.map((item) => [item.key, nodeBoxOf(item, draft.settings)]));
  const svg = mapSvgOf({
    title: map.name,
    nodes: scene.nodes,
    edges: scene.edges,
    links: scene.links,
    positions: draft.positions2d,
    boxes,
    settings: draft.settings,
    colors: {
      solution: '#F59F00',
      story: '#339AF0',
      tag: '#7048E8',
      user: '#0CA678',
      waypoint: '#E8590C',
    },
  });

  it('is an SVG document with the map’s name, escaped', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title>Drains &amp; clinics</title>');
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });

  it('draws problems as triangles in their status colour, solutions as circles', () => {
    expect(svg).toContain(`fill="${PROBLEM_STATUS_COLORS.solving}"><title>Blocked drains</title>`);
    expect(svg).toContain(`fill="${PROBLEM_STATUS_COLORS.unsolved}"`);
    expect(svg).toMatch(/<circle [^>]*fill="#F59F00"/u);
    expect(svg).toContain('>Mesh guards</text>');
  });

  it('draws links in their type’s colour with their label and polarity, and the overrides', () => {
    expect(svg).toMatch(/<path d="M [^"]+ C [^"]+" fill="none" stroke="#1E63E9"/u);
    expect(svg).toContain('Floods spread &lt;disease&gt; (+/s)');
    expect(svg).toContain('stroke-width="3" stroke-dasharray="6 3"');
    // An automatic link is a light straight line.
    expect(svg).toMatch(/<path d="M [^"]+ L [^"]+" fill="none" stroke="#C8CCD2"/u);
  });
});
