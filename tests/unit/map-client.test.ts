import { MAP_MESSAGES, type ProblemStatus } from '@rules';
import { describe, expect, it } from 'vitest';
import type { ProgressMapCardFragment } from '../../client/src/gql/graphql';
import { nodesOf } from '../../client/src/app/cursorPages';
import {
  cardStatus,
  kanbanColumns,
  withStatus,
  withoutStatus,
  type MapNodeItem,
} from '../../client/src/features/maps/kanban';
import { filterStateOf, filtersInputOf } from '../../client/src/features/maps/mapFilters';
import { importIssue } from '../../client/src/features/maps/mapImport';
import {
  belongsTo,
  mapListVariables,
  placeMap,
  removeMap,
} from '../../client/src/features/maps/mapLists';
import { graphViewPath, mapPath, nodePath } from '../../client/src/features/maps/mapPaths';
import {
  NEW_MAP_VALUES,
  createInputOf,
  firstInvalidStep,
  stepErrors,
  updateInputOf,
} from '../../client/src/features/maps/mapWizard';

const map = (fields: Partial<ProgressMapCardFragment> = {}): ProgressMapCardFragment => ({
  id: 'm1',
  spaceId: 'in',
  problemId: null,
  name: 'Water',
  description: '',
  type: 'graph',
  graphTypes: ['2D'],
  isPrivate: false,
  copyEnabled: true,
  canEdit: true,
  canDelete: true,
  canCopy: true,
  bookmarked: false,
  version: 1,
  updatedAt: '2026-01-02T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  author: { id: 'u1', displayName: 'Ada', photoURL: '', role: 'person' },
  ...fields,
});

/** A loaded list; `endCursor` when a later page remains. */
const page = (items: ProgressMapCardFragment[], endCursor: string | null = null) => ({
  edges: items.map((node) => ({ node })),
  pageInfo: { hasNextPage: endCursor !== null, endCursor },
});
const ids = (list: ReturnType<typeof page>) => nodesOf(list).map((item) => item.id);

describe("a maps list's variables", () => {
  it('leave the defaults out, so the default list is the one every writer updates', () => {
    expect(
      mapListVariables({ spaceId: 'in' }, { owner: 'community', type: 'all', orderBy: 'recent' }),
    ).toEqual(mapListVariables({ spaceId: 'in' }));
    expect(mapListVariables({ spaceId: 'in' })).toEqual({ spaceId: 'in', first: 20 });
  });

  it('ask for My, a type and a sort when chosen', () => {
    expect(
      mapListVariables({ spaceId: 'in' }, { owner: 'mine', type: 'kanban', orderBy: 'za' }),
    ).toEqual({ spaceId: 'in', first: 20, mine: true, type: 'kanban', orderBy: 'za' });
  });

  it("name the problem for a problem's recipes", () => {
    expect(mapListVariables({ problemId: 'p1' })).toEqual({ problemId: 'p1', first: 20 });
  });
});

describe('a map in the cached lists', () => {
  it('belongs to the lists of its space, owner and type only', () => {
    const mine = mapListVariables({ spaceId: 'in' }, { owner: 'mine' });
    expect(belongsTo(mine, map(), 'u1')).toBe(true);
    expect(belongsTo(mine, map(), 'u2')).toBe(false);
    expect(belongsTo(mapListVariables({ spaceId: 'ww' }), map(), 'u1')).toBe(false);
    expect(belongsTo(mapListVariables({ spaceId: 'in' }, { type: 'kanban' }), map(), 'u1')).toBe(
      false,
    );
    // A recipe shows on its problem, never in the space's directory.
    const recipe = map({ problemId: 'p1' });
    expect(belongsTo(mapListVariables({ spaceId: 'in' }), recipe, 'u1')).toBe(false);
    expect(belongsTo(mapListVariables({ problemId: 'p1' }), recipe, 'u1')).toBe(true);
  });

  it('goes to the top of a recent list when new, and moves there when saved', () => {
    const older = map({ id: 'm0', updatedAt: '2026-01-01T00:00:00.000Z' });
    const created = map({ id: 'm2', updatedAt: '2026-02-01T00:00:00.000Z' });
    expect(ids(placeMap(page([older]), created, 'recent'))).toEqual(['m2', 'm0']);
    const saved = map({ id: 'm0', updatedAt: '2026-03-01T00:00:00.000Z' });
    expect(ids(placeMap(page([created, older]), saved, 'recent'))).toEqual(['m0', 'm2']);
  });

  it('takes its place by name in A-Z and Z-A, and is renamed in place', () => {
    const list = page([map({ id: 'a', name: 'Apples' }), map({ id: 'c', name: 'cherries' })]);
    const banana = map({ id: 'b', name: 'Bananas' });
    expect(ids(placeMap(list, banana, 'az'))).toEqual(['a', 'b', 'c']);
    const reversed = page([...nodesOf(list)].reverse());
    expect(ids(placeMap(reversed, banana, 'za'))).toEqual(['c', 'b', 'a']);
    const renamed = map({ id: 'a', name: 'Zucchini' });
    expect(nodesOf(placeMap(list, renamed, 'az')).map((item) => [item.id, item.name])).toEqual([
      ['c', 'cherries'],
      ['a', 'Zucchini'],
    ]);
  });

  it('is left for a later page when it sorts after everything loaded', () => {
    const list = page([map({ id: 'a', name: 'Apples' })], 'cursor');
    expect(ids(placeMap(list, map({ id: 'z', name: 'Zebra' }), 'az'))).toEqual(['a']);
  });

  it('disappears when deleted', () => {
    expect(ids(removeMap(page([map()]), 'm1'))).toEqual([]);
  });
});

const node = (
  refId: string,
  status: ProblemStatus | null,
  createdAt = '2026-01-01',
): MapNodeItem => ({
  key: `problem:${refId}`,
  kind: 'problem',
  refId,
  label: refId,
  description: null,
  status,
  photoURL: null,
  tags: [],
  createdAt,
  lat: null,
  lng: null,
  canChangeStatus: false,
});

describe('the kanban columns', () => {
  it("group the map's problems by status, in the spec's order, newest first", () => {
    const columns = kanbanColumns(
      [
        node('a', 'solved'),
        node('b', 'unsolved', '2026-01-01'),
        node('c', 'unsolved', '2026-02-01'),
        { ...node('s', null), kind: 'solution', key: 'solution:s' },
      ],
      {},
    );
    expect(columns.map((column) => column.status)).toEqual([
      'proposed',
      'unsolved',
      'solving',
      'solved',
      'archived',
    ]);
    expect(columns[1]!.cards.map((card) => card.refId)).toEqual(['c', 'b']);
    expect(columns[3]!.cards.map((card) => card.refId)).toEqual(['a']);
    expect(columns.flatMap((column) => column.cards)).toHaveLength(3);
  });

  it('move a card when its status changes (a drag or a live event) and back when refused', () => {
    const moved = withStatus({}, 'b', 'solving');
    expect(kanbanColumns([node('b', 'unsolved')], moved)[2]!.cards).toHaveLength(1);
    expect(cardStatus(node('b', 'unsolved'), withoutStatus(moved, 'b'))).toBe('unsolved');
    expect(withStatus(moved, 'b', 'solving')).toBe(moved);
  });

  it('put a problem of an unknown status in the default column', () => {
    // A status this client does not know yet (one a newer server added to the enum).
    expect(cardStatus(node('x', 'weird' as ProblemStatus), {})).toBe('unsolved');
  });
});

describe('the map wizard', () => {
  it("checks only the step's own fields on Next: step 1 the graph types, step 2 the name", () => {
    const none = { ...NEW_MAP_VALUES, graphTypes: [] };
    expect(stepErrors(0, none)).toEqual({ graphTypes: MAP_MESSAGES.graphTypeRequired });
    expect(stepErrors(0, NEW_MAP_VALUES)).toEqual({});
    expect(stepErrors(1, NEW_MAP_VALUES)).toEqual({ name: MAP_MESSAGES.nameRequired });
    expect(stepErrors(1, { ...NEW_MAP_VALUES, name: 'x'.repeat(101) })).toEqual({
      name: MAP_MESSAGES.nameMax,
    });
    expect(stepErrors(2, none)).toEqual({});
  });

  it('needs no graph type for the other map types', () => {
    expect(stepErrors(0, { ...NEW_MAP_VALUES, type: 'kanban', graphTypes: [] })).toEqual({});
  });

  it('sends publishing back to the first step with a broken rule', () => {
    expect(firstInvalidStep({ ...NEW_MAP_VALUES, graphTypes: [] })).toBe(0);
    expect(firstInvalidStep(NEW_MAP_VALUES)).toBe(1);
    expect(firstInvalidStep({ ...NEW_MAP_VALUES, name: 'Water' })).toBeNull();
  });

  it('creates a graph with its views and any other type without', () => {
    const values = {
      ...NEW_MAP_VALUES,
      name: ' Water ',
      graphTypes: ['2D', '3D'] as ('2D' | '3D')[],
    };
    expect(createInputOf(values, { spaceId: 'in', problemId: null })).toMatchObject({
      spaceId: 'in',
      name: 'Water',
      type: 'graph',
      graphTypes: ['2D', '3D'],
      isPrivate: false,
      copyEnabled: true,
    });
    expect(
      createInputOf({ ...values, type: 'scurve' }, { spaceId: 'in', problemId: null }).graphTypes,
    ).toEqual([]);
  });

  it('saves the version it edited and never the type', () => {
    const input = updateInputOf({ ...NEW_MAP_VALUES, name: 'W', type: 'kanban' }, 4);
    expect(input).toEqual({
      version: 4,
      name: 'W',
      description: '',
      isPrivate: false,
      copyEnabled: true,
    });
  });
});

describe("a map page's filters", () => {
  it('start from the saved filters and ask for them unchanged', () => {
    const saved = {
      statuses: ['solving' as const],
      timeRange: 'last7days',
      startDate: null,
      endDate: null,
      tags: ['water'],
    };
    expect(filtersInputOf(filterStateOf(saved))).toEqual({
      statuses: ['solving'],
      timeRange: 'last7days',
      startDate: null,
      endDate: null,
      tags: ['water'],
    });
  });

  it('read an unknown time range as all time', () => {
    expect(filterStateOf(null).range.timeRange).toBe('alltime');
  });
});

describe('a map file to import', () => {
  it("is refused with the server's message and the field", () => {
    expect(importIssue({ format: 'other' })).toEqual({
      field: 'format',
      message: MAP_MESSAGES.importInvalid,
    });
    expect(
      importIssue({ format: 'bumps-map', version: 1, map: { name: '', type: 'graph' } }),
    ).toEqual({ field: 'map.name', message: MAP_MESSAGES.nameRequired });
  });

  it('passes when it is what export writes', () => {
    expect(
      importIssue({ format: 'bumps-map', version: 1, map: { name: 'Water', type: 'graph' } }),
    ).toBeNull();
  });
});

describe('where maps open', () => {
  it('opens a recipe on its problem and any other map under /graphviews', () => {
    expect(mapPath({ id: 'm1', problemId: 'p1' })).toBe('/problem/p1/recipes/m1');
    expect(mapPath({ id: 'm1' })).toBe('/graphviews/m1');
    expect(graphViewPath('m1', '3D')).toBe('/spacemaps/3d/m1');
  });

  it("opens a node's item, and nothing for a waypoint", () => {
    expect(nodePath({ kind: 'problem', refId: 'p1' })).toBe('/problem/p1/info');
    expect(nodePath({ kind: 'tag', refId: 'clean water' })).toBe('/tags/clean%20water/info');
    expect(nodePath({ kind: 'waypoint', refId: 'w1' })).toBeNull();
  });
});
