/**
 * The paged lists, Relay cursor connections (`edges { cursor node }`, `pageInfo`): how the cache
 * holds them (one entry per list whatever page was fetched last, so `fetchMore({ variables: {
 * after } })` appends) and how screens and cache writers read and edit them.
 */
import { isReference, type FieldPolicy, type StoreValue } from '@apollo/client';

/** A connection as the list queries ask for it. */
export interface Connection<Node = unknown> {
  edges: readonly { node: Node }[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

const nodesByEdges = new WeakMap<readonly object[], readonly unknown[]>();
const NO_NODES: readonly never[] = [];

/**
 * The nodes of a connection's edges (none before it loads). The same edges give the same array,
 * as `items` did, so a memo or effect keyed on it reruns only when the list changed.
 */
export function nodesOf<Node>(
  connection: Pick<Connection<Node>, 'edges'> | null | undefined,
): readonly Node[] {
  if (!connection) return NO_NODES;
  let nodes = nodesByEdges.get(connection.edges);
  if (!nodes) {
    nodes = connection.edges.map((edge) => edge.node);
    nodesByEdges.set(connection.edges, nodes);
  }
  return nodes as readonly Node[];
}

/** The `after` of a connection's next page; null on the last page (and before it loads). */
export const nextCursorOf = (connection: Pick<Connection, 'pageInfo'> | null | undefined) =>
  connection?.pageInfo.hasNextPage ? (connection.pageInfo.endCursor ?? null) : null;

/**
 * An edge for a node the client writes into a cached list itself (the viewer's new post, a live
 * insert). The client's documents ask for no edge cursor (loading more reads
 * `pageInfo.endCursor`, which a local write leaves as the server gave it), so an edge is its node.
 */
export const localEdge = <Typename extends string, Node>(__typename: Typename, node: Node) => ({
  __typename,
  node,
});

/** A normalised node's cache id; nodes without one (no `id`) are never taken for repeats. */
const cacheIdOf = (node: unknown) => (isReference(node) ? node.__ref : undefined);

/**
 * A connection field: every argument but `after` names the list. A page fetched `after` a cursor
 * joins its edges to the end of the held ones, without a node already held (a live insert may
 * also come in a page), and brings its own `pageInfo`; any other write (the first page, a
 * refetch, a cache update after a mutation) replaces the list. An edge whose node was evicted (a
 * deleted post) is not read: unlike a list of nodes, Apollo would otherwise take the whole list as
 * incomplete and fetch it again.
 */
export function cursorPage(): FieldPolicy<Connection> {
  return {
    // Sorted: the key must not depend on the order a query document lists the arguments in.
    keyArgs: (args) =>
      Object.keys(args ?? {})
        .filter((name) => name !== 'after')
        .sort(),
    read(existing, { canRead }) {
      if (!existing) return existing;
      const edges = existing.edges.filter((edge) => canRead(edge.node as StoreValue));
      return edges.length === existing.edges.length ? existing : { ...existing, edges };
    },
    merge(existing, incoming, { args }) {
      if (!existing || !args?.['after']) return incoming;
      const held = new Set(existing.edges.map((edge) => cacheIdOf(edge.node)));
      return {
        ...incoming,
        edges: [
          ...existing.edges,
          ...incoming.edges.filter((edge) => {
            const id = cacheIdOf(edge.node);
            return id === undefined || !held.has(id);
          }),
        ],
      };
    },
  };
}

/** The root fields whose lists load more (chat history pages its own way). */
const PAGED_QUERY_FIELDS = [
  'adminSpaces',
  'adminUsers',
  'alertProblems',
  'comments',
  'countrySpaces',
  'followers',
  'followingPeople',
  'impacted',
  'manageUsers',
  'myBookmarks',
  'myReactions',
  'myReports',
  'mySpaces',
  'notifications',
  'participants',
  'pendingPosts',
  'personProblems',
  'personSkills',
  'personSolutions',
  'personSolving',
  'personStories',
  'problems',
  'progressMaps',
  'reactions',
  'replies',
  'reportQueue',
  'skillMembers',
  'skills',
  'solutionVoters',
  'solutions',
  'spaceMedia',
  'stories',
  'tagProblems',
  'tagProfiles',
  'tagSolutions',
  'tags',
  'waypoints',
] as const;

export const pagedQueryFields: Record<string, FieldPolicy<Connection>> = Object.fromEntries(
  PAGED_QUERY_FIELDS.map((field) => [field, cursorPage()]),
);
