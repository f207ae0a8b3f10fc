/**
 * Causal-loop analysis of a progress map, shared by the server (`mapLoops`) and the client's Web
 * Worker: the feedback loops (elementary circuits) of the map's links with their polarity, and the
 * LOOPY-style "play" that sends a signal along the links. Pure TypeScript: no zod, DOM or Node.
 */
import type { LinkType, MapLink } from './maps';

/** Longer circuits are not reported (maps design): the count of circuits grows with length. */
export const LOOP_MAX_LENGTH = 12;
/** The search stops after this many loops, so a dense map cannot stall the server or the worker. */
export const LOOP_MAX_COUNT = 500;
/** How many hops a played signal travels. */
export const SIGNAL_MAX_STEPS = 8;
/** Signals fan out at every node; past this many at once the play keeps the first ones. */
export const SIGNAL_MAX_ACTIVE = 200;

/** R: reinforcing, B: balancing, U: unknown (some link in the loop has no polarity). */
export type LoopPolarity = 'R' | 'B' | 'U';

export type LoopGraphLink = Pick<MapLink, 'id' | 'source' | 'target' | 'type'>;

export interface LoopGraph {
  nodes: readonly string[];
  links: readonly LoopGraphLink[];
}

export interface FeedbackLoop {
  /** The loop's node keys in order, starting at its smallest key. */
  nodes: string[];
  /** The ids of the links between them, in the same order (the last one closes the loop). */
  links: string[];
  polarity: LoopPolarity;
}

export interface FeedbackLoopOptions {
  maxLength?: number;
  maxLoops?: number;
}

export interface FeedbackLoopResult {
  loops: FeedbackLoop[];
  /** Some loops are not reported: there were more than maxLoops, or longer than maxLength. */
  truncated: boolean;
}

export interface MapSignal {
  linkId: string;
  from: string;
  to: string;
  sign: 1 | -1;
}

export interface SignalOptions {
  steps?: number;
}

export interface SignalStep {
  step: number;
  signals: MapSignal[];
}

/**
 * What a link does to a change at its source: keeps it, flips it, or says nothing (0). Lookups
 * fall back to 0, so a link type this build does not know yet counts as one without polarity.
 */
const LINK_SIGNS: Record<LinkType, 1 | -1 | 0> = {
  straight: 0,
  curved: 0,
  'cld+': 1,
  'cld-': -1,
};

/** Plain code-unit order, the same in every runtime (localeCompare is not). */
const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareStringLists(a: readonly string[], b: readonly string[]) {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const order = compareStrings(a[index]!, b[index]!);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/** A count option: a whole number of at least 0, or the default when missing or not a number. */
const countOption = (value: number | undefined, fallback: number) =>
  value === undefined || Number.isNaN(value) ? fallback : Math.max(0, Math.floor(value));

interface IndexedEdge {
  from: number;
  to: number;
  link: LoopGraphLink;
}

/**
 * The graph with its nodes numbered in key order and each node's links sorted, so every walk
 * below visits them in the same order however the caller ordered its arrays.
 */
interface IndexedGraph {
  keys: string[];
  indexOf: Map<string, number>;
  outgoing: IndexedEdge[][];
  incoming: IndexedEdge[][];
}

function indexGraph(graph: LoopGraph): IndexedGraph {
  const keys = [...new Set(graph.nodes)].sort(compareStrings);
  const indexOf = new Map(keys.map((key, index) => [key, index]));
  const edges: IndexedEdge[] = [];
  for (const link of graph.links) {
    const from = indexOf.get(link.source);
    const to = indexOf.get(link.target);
    // A link to a node the map no longer shows cannot be part of a loop on it.
    if (from !== undefined && to !== undefined) edges.push({ from, to, link });
  }
  edges.sort(
    (a, b) =>
      a.from - b.from ||
      a.to - b.to ||
      compareStrings(a.link.id, b.link.id) ||
      compareStrings(a.link.type, b.link.type),
  );
  const outgoing: IndexedEdge[][] = keys.map(() => []);
  const incoming: IndexedEdge[][] = keys.map(() => []);
  for (const edge of edges) {
    outgoing[edge.from]!.push(edge);
    incoming[edge.to]!.push(edge);
  }
  return { keys, indexOf, outgoing, incoming };
}

function polarityOf(links: readonly LoopGraphLink[]): LoopPolarity {
  let sign = 1;
  for (const link of links) {
    const linkSign = LINK_SIGNS[link.type] ?? 0;
    if (linkSign === 0) return 'U';
    sign *= linkSign;
  }
  return sign === 1 ? 'R' : 'B';
}

function compareLoops(a: FeedbackLoop, b: FeedbackLoop) {
  return (
    a.links.length - b.links.length ||
    compareStringLists(a.nodes, b.nodes) ||
    compareStringLists(a.links, b.links)
  );
}

/**
 * Tarjan's strongly connected components of the subgraph of `vertices` (marked in `member`),
 * with an explicit stack: a long chain of links would overflow the call stack. Its arrays are
 * allocated once, as the loop search asks again after each start node it removes.
 */
function componentFinder(outgoing: readonly (readonly IndexedEdge[])[], member: Uint8Array) {
  const vertexCount = outgoing.length;
  const order = new Int32Array(vertexCount);
  const lowLink = new Int32Array(vertexCount);
  const nextEdge = new Int32Array(vertexCount);
  const onStack = new Uint8Array(vertexCount);
  return (vertices: readonly number[]): number[][] => {
    for (const vertex of vertices) order[vertex] = -1;
    let visited = 0;
    const stack: number[] = [];
    const calls: number[] = [];
    const components: number[][] = [];
    const visit = (vertex: number) => {
      order[vertex] = lowLink[vertex] = visited++;
      nextEdge[vertex] = 0;
      stack.push(vertex);
      onStack[vertex] = 1;
      calls.push(vertex);
    };
    for (const root of vertices) {
      if (order[root] !== -1) continue;
      visit(root);
      while (calls.length > 0) {
        const vertex = calls[calls.length - 1]!;
        const edges = outgoing[vertex]!;
        const position = nextEdge[vertex]!;
        if (position < edges.length) {
          nextEdge[vertex] = position + 1;
          const next = edges[position]!.to;
          if (!member[next]) continue;
          if (order[next] === -1) visit(next);
          else if (onStack[next]) lowLink[vertex] = Math.min(lowLink[vertex]!, order[next]!);
          continue;
        }
        calls.pop();
        if (lowLink[vertex] === order[vertex]) {
          const component: number[] = [];
          let popped: number;
          do {
            popped = stack.pop()!;
            onStack[popped] = 0;
            component.push(popped);
          } while (popped !== vertex);
          components.push(component);
        }
        const caller = calls[calls.length - 1];
        if (caller !== undefined) lowLink[caller] = Math.min(lowLink[caller]!, lowLink[vertex]!);
      }
    }
    return components;
  };
}

/**
 * The feedback loops of a map: every elementary circuit of its links up to `maxLength` links,
 * at most `maxLoops` of them, sorted by length then node keys. Parallel links make distinct
 * loops; a self-link is a loop of one link. `truncated` says some loop was left out: there are
 * more than `maxLoops`, or a circuit longer than `maxLength` exists.
 */
export function findFeedbackLoops(
  graph: LoopGraph,
  options: FeedbackLoopOptions = {},
): FeedbackLoopResult {
  const maxLoops = countOption(options.maxLoops, LOOP_MAX_COUNT);
  const indexed = indexGraph(graph);
  // A circuit visits each node once, so a bound past the node count bounds nothing.
  const maxLength = Math.min(countOption(options.maxLength, LOOP_MAX_LENGTH), indexed.keys.length);
  const loops: FeedbackLoop[] = [];
  let tooMany = false;
  // Searching on to one loop past the cap tells "exactly maxLoops" from "more than maxLoops".
  const keepLoop = (edges: readonly IndexedEdge[]) => {
    if (loops.length === maxLoops) {
      tooMany = true;
      return false;
    }
    const links = edges.map((edge) => edge.link);
    loops.push({
      nodes: edges.map((edge) => indexed.keys[edge.from]!),
      links: links.map((link) => link.id),
      polarity: polarityOf(links),
    });
    return true;
  };
  const { tooLong } = searchCircuits(indexed, maxLength, keepLoop);
  return { loops: loops.sort(compareLoops), truncated: tooMany || tooLong };
}

/**
 * Calls `found` with the links of every elementary circuit of at most `maxLength` links, until
 * it returns false; says whether a longer circuit exists (one is enough to know).
 *
 * Johnson's algorithm (1975): per strongly connected component, a depth-first search from its
 * smallest node that only looks for the way back to it, then the same on the components left
 * without that node. Johnson's blocked set is generalised to the length bound, after Gupta and
 * Suzumura (2021): `lock[v]` is the depth from which entering v cannot close a loop in time. Off
 * the path, lock[v] >= lock[w] - 1 for every link v->w, and lock[v] = maxLength when v links to
 * the start, so a node on a short enough way back is never locked out, and a dead end is not
 * searched again at the same depth or deeper.
 */
function searchCircuits(
  { outgoing, incoming }: IndexedGraph,
  maxLength: number,
  found: (edges: readonly IndexedEdge[]) => boolean,
): { tooLong: boolean } {
  let tooLong = false;

  // Self-links first: the search below only walks circuits through two or more nodes.
  for (const edges of outgoing) {
    for (const edge of edges) {
      if (edge.from !== edge.to) continue;
      if (maxLength < 1) tooLong = true;
      else if (!found([edge])) return { tooLong };
    }
  }

  const vertexCount = outgoing.length;
  const member = new Uint8Array(vertexCount);
  const onPath = new Uint8Array(vertexCount);
  const lock = new Int32Array(vertexCount);
  const seen = new Int32Array(vertexCount);
  let seenStamp = 0;

  const componentsOf = componentFinder(outgoing, member);
  member.fill(1);
  const pending = componentsOf(outgoing.map((_, index) => index)).filter(
    (component) => component.length > 1,
  );
  member.fill(0);

  /**
   * Whether `from` reaches the start without crossing the path. Only asked where the locks say
   * it cannot do so in time, so a yes proves a circuit longer than the bound.
   */
  const reachesStartOffPath = (from: number, start: number) => {
    seenStamp++;
    seen[from] = seenStamp;
    const queue = [from];
    for (let head = 0; head < queue.length; head++) {
      for (const edge of outgoing[queue[head]!]!) {
        const next = edge.to;
        if (next === start) return true;
        if (!member[next] || onPath[next] || seen[next] === seenStamp) continue;
        seen[next] = seenStamp;
        queue.push(next);
      }
    }
    return false;
  };

  /** Restores the lock invariant backwards from `vertex`, whose lock may have risen. */
  const relaxPredecessors = (vertex: number) => {
    const work = [vertex];
    while (work.length > 0) {
      const current = work.pop()!;
      const allowed = lock[current]! - 1;
      for (const edge of incoming[current]!) {
        const previous = edge.from;
        if (!member[previous] || onPath[previous] || lock[previous]! >= allowed) continue;
        lock[previous] = allowed;
        work.push(previous);
      }
    }
  };

  /** Every circuit of the component through `start`, its smallest node; false when stopped. */
  const searchFrom = (start: number, component: readonly number[]) => {
    // A component no bigger than the bound has no circuit longer than it.
    const checkLength = component.length > maxLength;
    for (const vertex of component) lock[vertex] = maxLength;
    const path = [start];
    const pathEdges: IndexedEdge[] = [];
    const nextEdge = [0];
    onPath[start] = 1;
    while (path.length > 0) {
      const depth = path.length - 1;
      const vertex = path[depth]!;
      const edges = outgoing[vertex]!;
      const position = nextEdge[depth]!;
      if (position < edges.length) {
        nextEdge[depth] = position + 1;
        const edge = edges[position]!;
        const next = edge.to;
        if (!member[next] || next === vertex) continue;
        if (next === start) {
          if (depth + 1 > maxLength) tooLong = true;
          else if (!found([...pathEdges, edge])) return false;
        } else if (onPath[next]) {
          continue;
        } else if (depth + 1 < lock[next]!) {
          lock[next] = depth + 1;
          onPath[next] = 1;
          path.push(next);
          pathEdges.push(edge);
          nextEdge.push(0);
        } else if (checkLength && !tooLong && reachesStartOffPath(next, start)) {
          tooLong = true;
        }
        continue;
      }
      path.pop();
      pathEdges.pop();
      nextEdge.pop();
      onPath[vertex] = 0;
      if (depth === 0) break;
      // Back off the path, the node may be entered one link further out than its best successor.
      let allowed = depth;
      for (const edge of edges) {
        const next = edge.to;
        if (!member[next] || next === vertex) continue;
        if (next === start) allowed = maxLength;
        else if (!onPath[next]) allowed = Math.max(allowed, lock[next]! - 1);
      }
      lock[vertex] = allowed;
      relaxPredecessors(vertex);
    }
    return true;
  };

  while (pending.length > 0) {
    const component = pending.pop()!;
    const start = component.reduce((smallest, vertex) => Math.min(smallest, vertex));
    for (const vertex of component) member[vertex] = 1;
    const finished = searchFrom(start, component);
    if (!finished) break;
    member[start] = 0;
    const rest = component.filter((vertex) => vertex !== start);
    pending.push(...componentsOf(rest).filter((part) => part.length > 1));
    for (const vertex of rest) member[vertex] = 0;
  }
  return { tooLong };
}

/** The loops that pass through at least one of `keys`. */
export function loopsThrough(
  loops: readonly FeedbackLoop[],
  keys: ReadonlySet<string>,
): FeedbackLoop[] {
  return loops.filter((loop) => loop.nodes.some((key) => keys.has(key)));
}

/**
 * The "play" of a causal map: a +1 change at `startKey` travels every outgoing link at each step;
 * cld+ keeps its sign, cld- flips it, a link without polarity passes it on unchanged. It stops
 * after `steps` hops, when no signal moves, and keeps the first SIGNAL_MAX_ACTIVE signals a step.
 */
export function propagateSignal(
  graph: LoopGraph,
  startKey: string,
  options: SignalOptions = {},
): SignalStep[] {
  const { keys, indexOf, outgoing } = indexGraph(graph);
  const start = indexOf.get(startKey);
  if (start === undefined) return [];
  // Unlike the loop caps, an endless number of steps would never end on a map with a loop.
  const steps = Number.isFinite(options.steps)
    ? countOption(options.steps, SIGNAL_MAX_STEPS)
    : SIGNAL_MAX_STEPS;
  const result: SignalStep[] = [];
  let active: { at: number; sign: 1 | -1 }[] = [{ at: start, sign: 1 }];
  for (let step = 1; step <= steps && active.length > 0; step++) {
    const moved: { at: number; sign: 1 | -1 }[] = [];
    const signals: MapSignal[] = [];
    spread: for (const { at, sign } of active) {
      for (const edge of outgoing[at]!) {
        if (signals.length === SIGNAL_MAX_ACTIVE) break spread;
        const linkSign = LINK_SIGNS[edge.link.type] ?? 0;
        const nextSign = linkSign === -1 ? (sign === 1 ? -1 : 1) : sign;
        moved.push({ at: edge.to, sign: nextSign });
        signals.push({ linkId: edge.link.id, from: keys[at]!, to: keys[edge.to]!, sign: nextSign });
      }
    }
    if (signals.length > 0) result.push({ step, signals });
    active = moved;
  }
  return result;
}
