// Where nodes go when the map does not say: an automatic layout left to right (dagre for a map of
// modest size, a linear-time layered layout beyond, where dagre would take seconds), new nodes
// beside what they link to, and the 3D positions derived from the 2D ones with z by layer.
import dagre from '@dagrejs/dagre';
import type { MapLayer, MapPositions } from '@rules';

export interface LayoutNode {
  key: string;
  width: number;
  height: number;
}

export interface LayoutEdge {
  source: string;
  target: string;
}

/** Above this many linked nodes (or twice as many links) the layered layout replaces dagre. */
export const DAGRE_MAX_NODES = 150;
const RANK_GAP = 90;
const NODE_GAP = 28;
/** The unlinked nodes' grid: this many columns at most. */
const GRID_MAX_COLUMNS = 12;

type Centres = Map<string, { x: number; y: number }>;

function dagreLayout(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Centres {
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'LR', nodesep: NODE_GAP, ranksep: RANK_GAP, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.key, { width: node.width, height: node.height });
  edges.forEach((edge, index) => {
    if (edge.source !== edge.target) graph.setEdge(edge.source, edge.target, {}, `e${index}`);
  });
  dagre.layout(graph);
  const centres: Centres = new Map();
  for (const node of nodes) {
    const placed = graph.node(node.key);
    centres.set(node.key, { x: placed?.x ?? 0, y: placed?.y ?? 0 });
  }
  return centres;
}

/**
 * Ranks by the longest path from a source over the links with cycles broken where a depth-first
 * walk finds them; each rank ordered by where its nodes' predecessors are, and wrapped into
 * several columns when taller than the whole layout is wide. Linear in nodes and links.
 */
export function layeredLayout(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Centres {
  const index = new Map(nodes.map((node, at) => [node.key, at]));
  const outgoing: number[][] = nodes.map(() => []);
  for (const edge of edges) {
    const from = index.get(edge.source);
    const to = index.get(edge.target);
    if (from !== undefined && to !== undefined && from !== to) outgoing[from]!.push(to);
  }
  // Iterative DFS: a link to a node still on the stack closes a cycle and is left out.
  const state = new Uint8Array(nodes.length); // 0 new, 1 on the stack, 2 done
  const order: number[] = [];
  const forward: number[][] = nodes.map(() => []);
  for (let root = 0; root < nodes.length; root++) {
    if (state[root]) continue;
    const stack: [number, number][] = [[root, 0]];
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [at, next] = top;
      const targets = outgoing[at]!;
      if (next < targets.length) {
        top[1] = next + 1;
        const to = targets[next]!;
        if (state[to] === 1) continue;
        forward[at]!.push(to);
        if (state[to] === 0) {
          state[to] = 1;
          stack.push([to, 0]);
        }
        continue;
      }
      state[at] = 2;
      order.push(at);
      stack.pop();
    }
  }
  // `order` is a post-order: reversed, every kept link points forward.
  const rank = new Int32Array(nodes.length);
  for (let at = order.length - 1; at >= 0; at--) {
    const from = order[at]!;
    for (const to of forward[from]!) rank[to] = Math.max(rank[to]!, rank[from]! + 1);
  }
  const ranks: number[][] = [];
  nodes.forEach((_, at) => (ranks[rank[at]!] ??= []).push(at));

  const position = new Float64Array(nodes.length);
  const predecessors: number[][] = nodes.map(() => []);
  forward.forEach((targets, from) => targets.forEach((to) => predecessors[to]!.push(from)));
  const rows = Math.max(8, Math.ceil(Math.sqrt(nodes.length)));
  const centres: Centres = new Map();
  let x = 0;
  for (const members of ranks) {
    if (!members) continue;
    // Barycentre of the predecessors' places, so links between ranks cross less.
    const weight = (at: number) => {
      const from = predecessors[at]!;
      if (from.length === 0) return Number.POSITIVE_INFINITY;
      let sum = 0;
      for (const source of from) sum += position[source]!;
      return sum / from.length;
    };
    const sorted = members
      .map((at) => ({ at, weight: weight(at) }))
      .sort((a, b) => a.weight - b.weight || a.at - b.at);
    const columns = Math.ceil(sorted.length / rows);
    const perColumn = Math.ceil(sorted.length / columns);
    const width = Math.max(...sorted.map(({ at }) => nodes[at]!.width));
    const height = Math.max(...sorted.map(({ at }) => nodes[at]!.height)) + NODE_GAP;
    sorted.forEach(({ at }, place) => {
      const column = Math.floor(place / perColumn);
      const row = place % perColumn;
      position[at] = place;
      centres.set(nodes[at]!.key, {
        x: x + column * (width + NODE_GAP) + width / 2,
        y: (row - (perColumn - 1) / 2) * height,
      });
    });
    x += columns * (width + NODE_GAP) + RANK_GAP;
  }
  return centres;
}

/** Nodes without links, in rows under what is above them. */
function gridLayout(nodes: readonly LayoutNode[], top: number, left: number): Centres {
  const columns = Math.min(GRID_MAX_COLUMNS, Math.max(1, Math.ceil(Math.sqrt(nodes.length))));
  const width = Math.max(...nodes.map((node) => node.width)) + NODE_GAP;
  const height = Math.max(...nodes.map((node) => node.height)) + NODE_GAP;
  const centres: Centres = new Map();
  nodes.forEach((node, at) => {
    centres.set(node.key, {
      x: left + (at % columns) * width + width / 2,
      y: top + Math.floor(at / columns) * height + height / 2,
    });
  });
  return centres;
}

/**
 * The automatic layout of a whole map: linked nodes left to right (a link's source left of its
 * target), unlinked ones in a grid under them. Returns each node's centre.
 */
export function autoLayout(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Centres {
  const keys = new Set(nodes.map((node) => node.key));
  const kept = edges.filter((edge) => keys.has(edge.source) && keys.has(edge.target));
  const linked = new Set(kept.flatMap((edge) => [edge.source, edge.target]));
  const connected = nodes.filter((node) => linked.has(node.key));
  const alone = nodes.filter((node) => !linked.has(node.key));
  const small = connected.length <= DAGRE_MAX_NODES && kept.length <= DAGRE_MAX_NODES * 2;
  const centres = connected.length
    ? small
      ? dagreLayout(connected, kept)
      : layeredLayout(connected, kept)
    : new Map<string, { x: number; y: number }>();
  if (alone.length === 0) return centres;
  let bottom = 0;
  let left = 0;
  if (centres.size > 0) {
    const byKey = new Map(connected.map((node) => [node.key, node]));
    left = Number.POSITIVE_INFINITY;
    for (const [key, centre] of centres) {
      const node = byKey.get(key)!;
      bottom = Math.max(bottom, centre.y + node.height / 2);
      left = Math.min(left, centre.x - node.width / 2);
    }
    bottom += RANK_GAP;
  }
  for (const [key, centre] of gridLayout(alone, bottom, left)) centres.set(key, centre);
  return centres;
}

/** How far from a linked node a new node is put. */
const NEIGHBOUR_OFFSET = { x: 170, y: 70 };

/**
 * Positions (top-left corners of the icon boxes) for every node: the saved ones, a full automatic
 * layout when nothing is saved, else each new node left of what it links to (or right of what
 * links to it), stacked, and the rest in a row under the map.
 */
export function placeNodes(
  nodes: readonly (LayoutNode & { boxWidth: number; boxHeight: number })[],
  edges: readonly LayoutEdge[],
  saved: MapPositions,
): MapPositions {
  const missing = nodes.filter((node) => !saved[node.key]);
  if (missing.length === 0) return saved;
  const positions: MapPositions = {};
  const known = nodes.filter((node) => saved[node.key]);
  if (known.length === 0) {
    const centres = autoLayout(nodes, edges);
    for (const node of nodes) {
      const centre = centres.get(node.key) ?? { x: 0, y: 0 };
      positions[node.key] = {
        x: Math.round(centre.x - node.boxWidth / 2),
        y: Math.round(centre.y - node.boxHeight / 2),
      };
    }
    return positions;
  }
  for (const node of known) positions[node.key] = saved[node.key]!;
  let bottom = Number.NEGATIVE_INFINITY;
  let left = Number.POSITIVE_INFINITY;
  for (const position of Object.values(positions)) {
    bottom = Math.max(bottom, position.y);
    left = Math.min(left, position.x);
  }
  const stacked = new Map<string, number>();
  const beside = (key: string, direction: -1 | 1) => {
    const anchor = positions[key]!;
    const count = stacked.get(`${key}${direction}`) ?? 0;
    stacked.set(`${key}${direction}`, count + 1);
    return {
      x: anchor.x + direction * NEIGHBOUR_OFFSET.x,
      y: anchor.y + count * NEIGHBOUR_OFFSET.y,
    };
  };
  let row = 0;
  for (const node of missing) {
    const out = edges.find((edge) => edge.source === node.key && positions[edge.target]);
    const into = out
      ? null
      : edges.find((edge) => edge.target === node.key && positions[edge.source]);
    positions[node.key] = out
      ? beside(out.target, -1)
      : into
        ? beside(into.source, 1)
        : { x: left + row++ * NEIGHBOUR_OFFSET.x, y: bottom + 2 * NEIGHBOUR_OFFSET.y };
  }
  return positions;
}

// --- 3D ------------------------------------------------------------------------------------------

/** 2D pixels per 3D unit. */
export const PX_PER_UNIT_3D = 10;
/** How far apart the layers' planes are. */
export const LAYER_GAP_3D = 40;

/** The first layer whose filter tags a node's tags meet, or -1. */
export function layerIndexOf(tags: readonly string[], layers: readonly MapLayer[]): number {
  if (tags.length === 0) return -1;
  const own = new Set(tags.map((tag) => tag.toLowerCase()));
  return layers.findIndex((layer) => layer.filterTags.some((tag) => own.has(tag.toLowerCase())));
}

/** The z of a layer's plane: the first at 0, each next one further back. */
export const layerZ = (index: number) => -index * LAYER_GAP_3D;
/** Nodes on no layer float in front of the first plane (or at 0 when there are no layers). */
export const unlayeredZ = (layers: readonly MapLayer[]) => (layers.length ? LAYER_GAP_3D : 0);

/**
 * Every node's 3D position: the saved 3D one, else its 2D centre scaled down (y up) on the plane
 * of its layer.
 */
export function positions3dOf(
  nodes: readonly { key: string; tags: readonly string[]; width: number; height: number }[],
  positions2d: MapPositions,
  saved3d: MapPositions,
  layers: readonly MapLayer[],
): Map<string, { x: number; y: number; z: number }> {
  const centre2d = { x: 0, y: 0 };
  const placed = nodes.filter((node) => positions2d[node.key]);
  for (const node of placed) {
    centre2d.x += positions2d[node.key]!.x + node.width / 2;
    centre2d.y += positions2d[node.key]!.y + node.height / 2;
  }
  if (placed.length) {
    centre2d.x /= placed.length;
    centre2d.y /= placed.length;
  }
  const result = new Map<string, { x: number; y: number; z: number }>();
  for (const node of nodes) {
    const saved = saved3d[node.key];
    if (saved && saved.z !== undefined) {
      // Saved 3D positions are in the 2D view's pixels (y up).
      result.set(node.key, {
        x: saved.x / PX_PER_UNIT_3D,
        y: saved.y / PX_PER_UNIT_3D,
        z: saved.z / PX_PER_UNIT_3D,
      });
      continue;
    }
    const flat = positions2d[node.key] ?? { x: centre2d.x, y: centre2d.y };
    const layer = layerIndexOf(node.tags, layers);
    result.set(node.key, {
      x: (flat.x + node.width / 2 - centre2d.x) / PX_PER_UNIT_3D,
      y: -(flat.y + node.height / 2 - centre2d.y) / PX_PER_UNIT_3D,
      z: layer === -1 ? unlayeredZ(layers) : layerZ(layer),
    });
  }
  return result;
}
