import type { MapLink } from '@rules';
import type { Context } from '../../context';
import { decodeCursor, pageSize, toPage, type Page, mapPage } from '../../db/keyset';
import { notFound } from '../../errors';
import {
  buildGraph,
  mapScope,
  spaceGraph,
  type GraphEdge,
  type GraphNode,
} from './map-graph.service';
import { seenLinks } from './map-nodes.service';
import { problemIdOf } from './map-path';
import type { MapRow } from './map.policy';
import { readableMap } from './map.service';

/**
 * A map's nodes and links as lists (the spec's `/list/v2?path=nodes` and `path=links`): of a
 * saved map the viewer may read (`mapId`, a recipe also under its `problemId`), or of the active
 * space's default map (no map saved) without one. The graph is built as `mapGraph` and
 * `spaceGraph` build it (a handful of statements whatever its size, each item by its own policy)
 * and paged in key order, so a cursor stays valid while the graph changes around it.
 */
export interface GraphListInput {
  mapId?: string | null;
  /** The problem a recipe was named under: it must be the recipe's (else NOT_FOUND). */
  problemId?: string | null;
  spaceId?: string | null;
  after?: string | null;
  first?: number | null;
}

/** A node with where the map places it (null where it has no place yet). */
export interface ListedNode extends GraphNode {
  position2D: { x: number; y: number } | null;
  position3D: { x: number; y: number; z: number } | null;
}

/** An automatic link (the content's own: a solution solves a problem…) or one the map's people drew. */
export type ListedLink = { custom: false; edge: GraphEdge } | { custom: true; link: MapLink };

async function graphOf(ctx: Context, input: GraphListInput) {
  if (!input.mapId) return { map: null, graph: await spaceGraph(ctx, { spaceId: input.spaceId }) };
  const map = await readableMap(ctx, input.mapId);
  if (input.problemId && map.problemId !== problemIdOf(input.problemId)) throw notFound();
  return { map, graph: await buildGraph(ctx, mapScope(map, null)) };
}

/** One page of `items` in the order of their keys, after the cursor (a key) when given. */
function keyPage<T>(ctx: Context, items: T[], keyOf: (item: T) => string, input: GraphListInput) {
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'text');
  const rows = items
    .map((item) => ({ item, key: keyOf(item) }))
    .filter(({ key }) => !cursor || key > String(cursor.value))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, size + 1);
  const page = toPage(rows, size, ({ key }) => ({ value: key, id: key }));
  return mapPage(page, ({ item }) => item);
}

const position2D = (map: MapRow | null, key: string) => {
  const at = map?.positions2d[key];
  return at ? { x: at.x, y: at.y } : null;
};

const position3D = (map: MapRow | null, key: string) => {
  const at = map?.positions3d[key];
  return at ? { x: at.x, y: at.y, z: at.z ?? 0 } : null;
};

export async function listGraphNodes(
  ctx: Context,
  input: GraphListInput,
): Promise<Page<ListedNode>> {
  const { map, graph } = await graphOf(ctx, input);
  const nodes = graph.nodes.map((node) => ({
    ...node,
    position2D: position2D(map, node.key),
    position3D: position3D(map, node.key),
  }));
  return keyPage(ctx, nodes, (node) => node.key, input);
}

/** Automatic links first, then drawn ones (a drawn link only between nodes the viewer sees). */
export async function listGraphLinks(
  ctx: Context,
  input: GraphListInput,
): Promise<Page<ListedLink>> {
  const { map, graph } = await graphOf(ctx, input);
  const links: ListedLink[] = [
    ...graph.edges.map((edge) => ({ custom: false as const, edge })),
    ...(map ? await seenLinks(ctx, map) : []).map((link) => ({ custom: true as const, link })),
  ];
  return keyPage(
    ctx,
    links,
    (entry) => (entry.custom ? `custom|${entry.link.id}` : `auto|${entry.edge.key}`),
    input,
  );
}
