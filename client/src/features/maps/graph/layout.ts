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

/** A node as placing it needs: its layout box (with the label) and its icon box. */
export type PlacedNode = LayoutNode & { boxWidth: number; boxHeight: number };

/** The least room kept between two nodes' layout boxes when a node is put on a free spot. */
const FREE_GAP = NODE_GAP / 2;
/** The free-spot search gives up after this many rings round the wanted point (then overlaps). */
const FREE_SPOT_MAX_RINGS = 60;
/** The occupied boxes are bucketed in squares this big, so a check looks at its neighbourhood. */
const BUCKET_PX = 256;
/** Bucket keys are numbers: x times this plus y (a map spans far fewer buckets). */
const BUCKET_ROW = 1 << 20;

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A node's layout box (the label under the icon) for an icon box at `at`. */
function rectOf(node: PlacedNode, at: { x: number; y: number }): Rect {
  const left = at.x + node.boxWidth / 2 - node.width / 2;
  return { left, top: at.y, right: left + node.width, bottom: at.y + node.height };
}

/** The boxes nodes take, bucketed by area: whether a box is free costs its neighbourhood only. */
class Occupied {
  private readonly buckets = new Map<number, Rect[]>();
  /**
   * Per wanted spot and node size, the first ring round it that may have room: boxes are only
   * ever added, so a ring found full stays full (many new nodes round one anchor stay linear).
   */
  readonly firstRing = new Map<string, number>();

  /** Calls `visit` with each bucket the rect touches, until it answers false. */
  private each(rect: Rect, visit: (key: number) => boolean) {
    const right = Math.floor(rect.right / BUCKET_PX);
    const bottom = Math.floor(rect.bottom / BUCKET_PX);
    for (let x = Math.floor(rect.left / BUCKET_PX); x <= right; x++)
      for (let y = Math.floor(rect.top / BUCKET_PX); y <= bottom; y++)
        if (!visit(x * BUCKET_ROW + y)) return false;
    return true;
  }

  add(rect: Rect) {
    this.each(rect, (key) => {
      const bucket = this.buckets.get(key);
      if (bucket) bucket.push(rect);
      else this.buckets.set(key, [rect]);
      return true;
    });
  }

  free(rect: Rect): boolean {
    const grown = {
      left: rect.left - FREE_GAP,
      top: rect.top - FREE_GAP,
      right: rect.right + FREE_GAP,
      bottom: rect.bottom + FREE_GAP,
    };
    return this.each(grown, (key) =>
      (this.buckets.get(key) ?? []).every(
        (other) =>
          other.left >= grown.right ||
          grown.left >= other.right ||
          other.top >= grown.bottom ||
          grown.top >= other.bottom,
      ),
    );
  }
}

/**
 * The free spot nearest `wanted` (an icon box's top-left corner) for `node`: the wanted spot
 * itself, else the nearest on rings of node-sized steps round it.
 */
function freeSpot(
  node: PlacedNode,
  wanted: { x: number; y: number },
  occupied: Occupied,
): { x: number; y: number } {
  const searched = `${wanted.x},${wanted.y},${node.width},${node.height}`;
  const from = occupied.firstRing.get(searched) ?? 0;
  if (from === 0 && occupied.free(rectOf(node, wanted))) return wanted;
  const stepX = node.width + FREE_GAP;
  const stepY = node.height + FREE_GAP;
  for (let ring = Math.max(1, from); ring <= FREE_SPOT_MAX_RINGS; ring++) {
    const spots: { x: number; y: number; distance: number }[] = [];
    for (let i = -ring; i <= ring; i++)
      for (let j = -ring; j <= ring; j++) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
        spots.push({
          x: wanted.x + i * stepX,
          y: wanted.y + j * stepY,
          distance: Math.hypot(i * stepX, j * stepY),
        });
      }
    spots.sort((a, b) => a.distance - b.distance);
    const spot = spots.find((at) => occupied.free(rectOf(node, at)));
    occupied.firstRing.set(searched, ring);
    if (spot) return { x: Math.round(spot.x), y: Math.round(spot.y) };
  }
  return wanted;
}

/**
 * A free place for one more node near a point (the waypoint added in the middle of the screen):
 * no layout box over another's.
 */
export function freePlaceNear(
  node: PlacedNode,
  wanted: { x: number; y: number },
  nodes: readonly PlacedNode[],
  positions: MapPositions,
): { x: number; y: number } {
  const occupied = new Occupied();
  for (const other of nodes) {
    const at = positions[other.key];
    if (at && other.key !== node.key) occupied.add(rectOf(other, at));
  }
  return freeSpot(node, { x: Math.round(wanted.x), y: Math.round(wanted.y) }, occupied);
}

/** Where nodes are, and which of them this call placed anew. */
export interface Placement {
  positions: MapPositions;
  /** The nodes neither saved nor placed before: the caller keeps them with `placed`. */
  added: MapPositions;
}

/**
 * Positions (top-left corners of the icon boxes) for every node. A node stays where the map has
 * it (`saved`), else where this editor put it before (`placed`: a new link or a save never moves
 * what is on screen). Only a node with neither is placed: all of them by the automatic layout
 * when no node has a place yet; else each near a node it links to (left of a link's target,
 * right of its source), the nodes linked to none in a row under the map, every one on a free
 * spot (its layout box over no other).
 */
export function placeNodes(
  nodes: readonly PlacedNode[],
  edges: readonly LayoutEdge[],
  saved: MapPositions,
  placed: MapPositions = {},
): Placement {
  const known = (key: string) => saved[key] ?? placed[key];
  const missing = nodes.filter((node) => !known(node.key));
  if (missing.length === 0) {
    if (nodes.every((node) => saved[node.key])) return { positions: saved, added: {} };
    const positions: MapPositions = {};
    for (const node of nodes) positions[node.key] = known(node.key)!;
    return { positions, added: {} };
  }
  const added: MapPositions = {};
  if (missing.length === nodes.length) {
    const centres = autoLayout(nodes, edges);
    for (const node of nodes) {
      const centre = centres.get(node.key) ?? { x: 0, y: 0 };
      added[node.key] = {
        x: Math.round(centre.x - node.boxWidth / 2),
        y: Math.round(centre.y - node.boxHeight / 2),
      };
    }
    return { positions: added, added };
  }

  const positions: MapPositions = {};
  const occupied = new Occupied();
  let bottom = Number.NEGATIVE_INFINITY;
  let left = Number.POSITIVE_INFINITY;
  for (const node of nodes) {
    const at = known(node.key);
    if (!at) continue;
    positions[node.key] = at;
    const rect = rectOf(node, at);
    occupied.add(rect);
    bottom = Math.max(bottom, rect.bottom);
    left = Math.min(left, rect.left);
  }
  const byKey = new Map(nodes.map((node) => [node.key, node]));
  // Each node's links: to a target (the node goes left of it) or from a source (right of it).
  const links = new Map<string, { other: string; side: -1 | 1 }[]>();
  const linkOf = (key: string, other: string, side: -1 | 1) => {
    const list = links.get(key);
    if (list) list.push({ other, side });
    else links.set(key, [{ other, side }]);
  };
  for (const edge of edges) {
    if (edge.source === edge.target) continue;
    linkOf(edge.source, edge.target, -1);
    linkOf(edge.target, edge.source, 1);
  }
  const put = (node: PlacedNode, wanted: { x: number; y: number }) => {
    const at = freeSpot(node, wanted, occupied);
    positions[node.key] = at;
    added[node.key] = at;
    occupied.add(rectOf(node, at));
  };
  const besideNeighbour = (node: PlacedNode) => {
    for (const { other, side } of links.get(node.key) ?? []) {
      const anchor = positions[other];
      const anchorNode = byKey.get(other);
      if (!anchor || !anchorNode) continue;
      const centre = anchor.x + anchorNode.boxWidth / 2;
      const distance = anchorNode.width / 2 + node.width / 2 + RANK_GAP / 2;
      return {
        x: Math.round(centre + side * distance - node.boxWidth / 2),
        y: Math.round(anchor.y + anchorNode.boxHeight / 2 - node.boxHeight / 2),
      };
    }
    return null;
  };
  // Breadth first from what has a place, so a chain of new nodes grows out of what it links to.
  const waiting = new Set(missing.map((node) => node.key));
  const queue = missing.filter((node) => besideNeighbour(node) !== null);
  let head = 0;
  let row = left;
  for (;;) {
    let node = queue[head++];
    if (!node) {
      // Nothing left links to a placed node: the next one starts the row under the map.
      const first = waiting.values().next();
      if (first.done) break;
      node = byKey.get(first.value)!;
    }
    if (!waiting.delete(node.key)) continue;
    const wanted = besideNeighbour(node);
    if (wanted) put(node, wanted);
    else {
      put(node, {
        x: Math.round(row + node.width / 2 - node.boxWidth / 2),
        y: Math.round(bottom + RANK_GAP),
      });
      row = rectOf(node, positions[node.key]!).right + FREE_GAP;
    }
    for (const { other } of links.get(node.key) ?? [])
      if (waiting.has(other)) queue.push(byKey.get(other)!);
  }
  return { positions, added };
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
