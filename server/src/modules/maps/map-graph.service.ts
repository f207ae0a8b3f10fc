import {
  DEFAULT_MAP_FILTERS,
  MAP_NODE_DESCRIPTION_MAX,
  MAP_NODE_LABEL_MAX,
  htmlToPlainText,
  mapFiltersSchema,
  mapNodeKey,
  timeWindow,
  type MapEdgeKind,
  type MapFilters,
  type MapNodeKind,
  type MapSettings,
  type ProblemStatus,
} from '@rules';
import { and, arrayOverlaps, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Context } from '../../context';
import { problemSolutions, problems, solutions, stories, users, waypoints } from '../../db/schema';
import { parseInput } from '../../errors';
import { AUTHOR_COLUMNS, type AuthorRow } from '../users/user.rows';
import { problemListedFor } from '../problems/problem.policy';
import { canChangeStatus } from '../problems/problem-members.service';
import { solutionListedFor } from '../solutions/solution.policy';
import { resolveActiveSpace } from '../spaces/space.service';
import { storyListedFor, storyOnProblemFor } from '../stories/story.policy';
import type { MapRow } from './map.policy';
import { readableMap } from './map.service';

/**
 * A map's graph: the items of its space the viewer may read (each kind's own listed rule), as the
 * map's filters select them, minus what the map excludes, plus its waypoints; with the automatic
 * links the content itself makes. A recipe's graph is its problem's (the problem, its solutions
 * and stories: filters do not apply). A handful of statements per graph, whatever its size: one
 * per kind of node, none per node.
 */

export interface GraphNode {
  key: string;
  kind: MapNodeKind;
  refId: string;
  label: string;
  description: string | null;
  status: string | null;
  photoURL: string | null;
  tags: string[];
  createdAt: Date | null;
  lat: number | null;
  lng: number | null;
  /** Problems: the viewer may change its status (the kanban offers a move only then). */
  canChangeStatus: boolean;
}

export interface GraphEdge {
  key: string;
  source: string;
  target: string;
  kind: MapEdgeKind;
}

export interface Graph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** What a graph is drawn from. */
interface GraphScope {
  spaceId: string;
  /** The map whose problem (a recipe), waypoints and exclusions count; null: a space's default map. */
  map: Pick<MapRow, 'id' | 'problemId' | 'excluded'> | null;
  filters: MapFilters;
  settings: Pick<MapSettings, 'showTags' | 'showParticipants' | 'showSpaceSolutions'>;
  /** The stories graph of a space: its stories, their tags and authors. */
  storiesOnly: boolean;
}

/** The filters a graph uses: the viewer's filter bar when given, else the map's saved ones. */
export const graphFilters = (input: unknown, saved: MapFilters): MapFilters =>
  input === undefined || input === null ? saved : parseInput(mapFiltersSchema, input, 'filters');

/** The [from, to] window of a map's time filter at `now` (open bounds are null). */
export function filterWindow(filters: MapFilters, now = new Date()) {
  return timeWindow(
    {
      timeRange: filters.timeRange,
      startDate: filters.startDate ? new Date(filters.startDate) : null,
      endDate: filters.endDate ? new Date(filters.endDate) : null,
    },
    now,
  );
}

/** The time and tag filters on a kind of item's columns. */
function itemFilters(
  filters: MapFilters,
  createdAt: AnyPgColumn,
  tags: AnyPgColumn,
): SQL | undefined {
  const { from, to } = filterWindow(filters);
  return and(
    from ? gte(createdAt, from) : undefined,
    to ? lte(createdAt, to) : undefined,
    filters.tags.length ? arrayOverlaps(tags, filters.tags) : undefined,
  );
}

const excerpt = (text: string, max: number) => {
  const plain = htmlToPlainText(text).replace(/\s+/gu, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
};

/** What a graph reads of each kind of item. */
const POST_COLUMNS = {
  problems: {
    id: problems.id,
    name: problems.name,
    description: problems.description,
    status: problems.status,
    tags: problems.tags,
    createdAt: problems.createdAt,
    lat: problems.lat,
    lng: problems.lng,
    authorId: problems.authorId,
    isAnonymousPost: problems.isAnonymousPost,
  },
  solutions: {
    id: solutions.id,
    name: solutions.name,
    description: solutions.description,
    tags: solutions.tags,
    createdAt: solutions.createdAt,
    lat: solutions.lat,
    lng: solutions.lng,
    authorId: solutions.authorId,
    isAnonymousPost: solutions.isAnonymousPost,
    /** The problems it is linked to (its 'solves' links). */
    problemIds: sql<
      string[]
    >`coalesce((select jsonb_agg(${problemSolutions.problemId}) from ${problemSolutions} where ${problemSolutions.solutionId} = ${solutions.id}), '[]'::jsonb)`,
  },
  stories: {
    id: stories.id,
    story: stories.story,
    problemId: stories.problemId,
    tags: stories.tags,
    createdAt: stories.createdAt,
    lat: stories.lat,
    lng: stories.lng,
    authorId: stories.authorId,
    isAnonymousPost: stories.isAnonymousPost,
    author: AUTHOR_COLUMNS,
  },
};

/** The problems a graph shows, by the same selection for the graph, its s-curve and its loops. */
export async function graphProblems(ctx: Context, scope: GraphScope) {
  if (scope.storiesOnly) return [];
  const recipeProblem = scope.map?.problemId;
  const rows = await ctx.db
    .select(POST_COLUMNS.problems)
    .from(problems)
    .where(
      and(
        problemListedFor(ctx.viewer),
        eq(problems.spaceId, scope.spaceId),
        recipeProblem
          ? eq(problems.id, recipeProblem)
          : and(
              scope.filters.statuses.length
                ? inArray(problems.status, scope.filters.statuses as ProblemStatus[])
                : undefined,
              itemFilters(scope.filters, problems.createdAt, problems.tags),
            ),
      ),
    )
    .orderBy(asc(problems.createdAt), asc(problems.id));
  const excluded = new Set(scope.map?.excluded ?? []);
  return rows.filter((row) => !excluded.has(mapNodeKey('problem', row.id)));
}

/** Builds a graph (see the top of this file). */
export async function buildGraph(ctx: Context, scope: GraphScope): Promise<Graph> {
  const viewer = ctx.viewer;
  const recipeProblem = scope.map?.problemId ?? null;
  const [problemRows, solutionRows, storyRows, waypointRows] = await Promise.all([
    graphProblems(ctx, scope),
    scope.storiesOnly
      ? []
      : ctx.db
          .select(POST_COLUMNS.solutions)
          .from(solutions)
          .where(
            and(
              solutionListedFor(viewer),
              eq(solutions.spaceId, scope.spaceId),
              recipeProblem
                ? sql`exists (select 1 from ${problemSolutions} where ${problemSolutions.solutionId} = ${solutions.id} and ${problemSolutions.problemId} = ${recipeProblem})`
                : itemFilters(scope.filters, solutions.createdAt, solutions.tags),
            ),
          )
          .orderBy(asc(solutions.createdAt), asc(solutions.id)),
    recipeProblem || scope.storiesOnly
      ? ctx.db
          .select(POST_COLUMNS.stories)
          .from(stories)
          .leftJoin(users, eq(users.id, stories.authorId))
          .where(
            recipeProblem
              ? and(eq(stories.problemId, recipeProblem), storyOnProblemFor(viewer))
              : and(
                  eq(stories.spaceId, scope.spaceId),
                  storyListedFor(viewer),
                  itemFilters(scope.filters, stories.createdAt, stories.tags),
                ),
          )
          .orderBy(asc(stories.createdAt), asc(stories.id))
      : [],
    scope.map
      ? ctx.db
          .select()
          .from(waypoints)
          .where(eq(waypoints.mapId, scope.map.id))
          .orderBy(asc(waypoints.createdAt), asc(waypoints.id))
      : [],
  ]);

  // The same rule the status change enforces; memberships in one query for the whole graph.
  const changers = await Promise.all(problemRows.map((row) => canChangeStatus(ctx, row)));
  const excluded = new Set(scope.map?.excluded ?? []);
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  /** Items a person authored under their name, for the participants. */
  const authored: { authorId: string; key: string }[] = [];
  const add = (node: Omit<GraphNode, 'key' | 'canChangeStatus'>, mayChangeStatus = false) => {
    const key = mapNodeKey(node.kind, node.refId);
    if (excluded.has(key)) return null;
    nodes.set(key, { key, ...node, canChangeStatus: mayChangeStatus });
    return key;
  };
  const link = (source: string, target: string, kind: MapEdgeKind) => {
    const key = `${kind}:${source}>${target}`;
    edges.set(key, { key, source, target, kind });
  };
  const item = (
    kind: MapNodeKind,
    row: {
      id: string;
      tags: string[];
      createdAt: Date;
      lat: number | null;
      lng: number | null;
      authorId: string;
      isAnonymousPost: boolean;
    },
    shown: Pick<GraphNode, 'label' | 'description' | 'status' | 'photoURL'>,
    mayChangeStatus = false,
  ) => {
    const key = add(
      {
        kind,
        refId: row.id,
        tags: row.tags,
        createdAt: row.createdAt,
        lat: row.lat,
        lng: row.lng,
        ...shown,
      },
      mayChangeStatus,
    );
    // An anonymous post never reveals its author, not even as a link.
    if (key && !row.isAnonymousPost) authored.push({ authorId: row.authorId, key });
    return key;
  };

  problemRows.forEach((problem, index) => {
    item(
      'problem',
      problem,
      {
        label: problem.name,
        description: excerpt(problem.description, MAP_NODE_DESCRIPTION_MAX),
        status: problem.status,
        photoURL: null,
      },
      changers[index]!,
    );
  });
  const problemKeys = new Set(nodes.keys());
  for (const solution of solutionRows) {
    const solves = solution.problemIds
      .map((id) => mapNodeKey('problem', id))
      .filter((key) => problemKeys.has(key));
    // Without the space's other solutions, a solution shows when it solves a problem shown.
    if (!scope.settings.showSpaceSolutions && solves.length === 0) continue;
    const key = item('solution', solution, {
      label: solution.name,
      description: excerpt(solution.description, MAP_NODE_DESCRIPTION_MAX),
      status: null,
      photoURL: null,
    });
    if (key) for (const problemKey of solves) link(key, problemKey, 'solves');
  }
  for (const story of storyRows) {
    const key = item('story', story, {
      label: excerpt(story.story, MAP_NODE_LABEL_MAX),
      description: excerpt(story.story, MAP_NODE_DESCRIPTION_MAX),
      status: null,
      photoURL: story.isAnonymousPost ? null : story.author?.photoUrl || null,
    });
    const problemKey = story.problemId && mapNodeKey('problem', story.problemId);
    if (key && problemKey && nodes.has(problemKey)) link(key, problemKey, 'story');
  }
  for (const waypoint of waypointRows) {
    add({
      kind: 'waypoint',
      refId: waypoint.id,
      label: waypoint.name,
      description: waypoint.description || null,
      status: null,
      photoURL: null,
      tags: [],
      createdAt: waypoint.createdAt,
      lat: null,
      lng: null,
    });
  }

  if (scope.settings.showTags) {
    for (const node of [...nodes.values()]) {
      for (const tag of node.tags) {
        const tagKey = mapNodeKey('tag', tag);
        if (!nodes.has(tagKey) && !add(tagNode(tag))) continue;
        link(node.key, tagKey, 'tagged');
      }
    }
  }

  if (scope.settings.showParticipants && authored.length > 0) {
    const people = await ctx.db
      .select(AUTHOR_COLUMNS)
      .from(users)
      .where(inArray(users.id, [...new Set(authored.map((entry) => entry.authorId))]))
      .orderBy(asc(users.displayName), asc(users.id));
    for (const person of people) add(personNode(person));
    for (const { authorId, key } of authored) {
      const personKey = mapNodeKey('user', authorId);
      if (nodes.has(personKey)) link(personKey, key, 'authored');
    }
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}

const tagNode = (tag: string): Omit<GraphNode, 'key' | 'canChangeStatus'> => ({
  kind: 'tag',
  refId: tag,
  label: `#${tag}`,
  description: null,
  status: null,
  photoURL: null,
  tags: [],
  createdAt: null,
  lat: null,
  lng: null,
});

const personNode = (person: AuthorRow): Omit<GraphNode, 'key' | 'canChangeStatus'> => ({
  kind: 'user',
  refId: person.id,
  label: person.displayName,
  description: null,
  status: null,
  photoURL: person.photoUrl || null,
  tags: [],
  createdAt: null,
  lat: null,
  lng: null,
});

/** The scope of a saved map's graph, with the viewer's filters over the saved ones. */
export const mapScope = (map: MapRow, filters: unknown): GraphScope => ({
  spaceId: map.spaceId,
  map,
  filters: graphFilters(filters, map.filters),
  settings: map.settings,
  storiesOnly: false,
});

/** `mapGraph`: a map the viewer may read (else NOT_FOUND), drawn for them. */
export async function mapGraph(ctx: Context, id: string, filters?: unknown): Promise<Graph> {
  const map = await readableMap(ctx, id);
  return buildGraph(ctx, mapScope(map, filters));
}

/**
 * `spaceGraph`: a space's default map, shown before any map is saved: its problems, solutions and
 * tags; or, with `stories`, its stories graph: the space's stories, their tags and their authors.
 */
export async function spaceGraph(
  ctx: Context,
  input: { spaceId?: string | null; filters?: unknown; stories?: boolean | null },
): Promise<Graph> {
  const space = await resolveActiveSpace(ctx, input.spaceId);
  return buildGraph(ctx, {
    spaceId: space.id,
    map: null,
    filters: graphFilters(input.filters, DEFAULT_MAP_FILTERS),
    settings: {
      showTags: true,
      showParticipants: !!input.stories,
      showSpaceSolutions: true,
    },
    storiesOnly: !!input.stories,
  });
}
