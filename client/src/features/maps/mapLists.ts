// How maps lists live in Apollo's cache. A space's directory (Community or My, a type, a sort)
// and a problem's recipes are each one `progressMaps` query whose first page's variables are fixed
// here; later pages are appended to it, and a created, saved or deleted map is put into (or taken
// out of) every cached list it belongs to.
import type { ApolloCache } from '@apollo/client';
import { DEFAULT_PAGE_SIZE, MAP_SORTS, MAP_TYPES, type MapSort, type MapType } from '@rules';
import { localEdge } from '../../app/cursorPages';
import {
  ProgressMapsDocument,
  type ProgressMapCardFragment,
  type ProgressMapsQuery,
  type ProgressMapsQueryVariables,
} from '../../gql/graphql';

export const MAPS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** Community: every map of the space the viewer may read; My: the viewer's own. */
export type MapOwnerFilter = 'community' | 'mine';
/** The type filter: every type, or one. */
export type MapTypeFilter = 'all' | MapType;

export interface MapListOptions {
  owner?: MapOwnerFilter;
  type?: MapTypeFilter;
  orderBy?: MapSort;
}

/** Which list: a space's maps (the directory) or a problem's recipes. */
export type MapListScope = { spaceId: string } | { problemId: string };

/** The variables of a list's first page: every reader and writer of that list uses exactly these. */
export function mapListVariables(
  scope: MapListScope,
  options: MapListOptions = {},
): ProgressMapsQueryVariables {
  const base: ProgressMapsQueryVariables =
    'problemId' in scope
      ? { problemId: scope.problemId, first: MAPS_PAGE_SIZE }
      : { spaceId: scope.spaceId || null, first: MAPS_PAGE_SIZE };
  // Defaults stay out of the variables, so the default list is the one every writer updates.
  if (options.owner === 'mine') base.mine = true;
  if (options.type && options.type !== 'all') base.type = options.type;
  if (options.orderBy && options.orderBy !== 'recent') base.orderBy = options.orderBy;
  return base;
}

/** Every variant of a scope's list a map can be cached in (owners × types × sorts). */
function listVariants(scope: MapListScope): ProgressMapsQueryVariables[] {
  const owners: MapOwnerFilter[] = ['community', 'mine'];
  const types: MapTypeFilter[] = ['all', ...MAP_TYPES];
  return owners.flatMap((owner) =>
    types.flatMap((type) =>
      MAP_SORTS.map((orderBy) => mapListVariables(scope, { owner, type, orderBy })),
    ),
  );
}

/** Whether a map (as the server now has it) shows in the list these variables ask for. */
export function belongsTo(
  variables: ProgressMapsQueryVariables,
  map: ProgressMapCardFragment,
  viewerId: string | null,
): boolean {
  if (variables.problemId) return map.problemId === variables.problemId;
  if (map.problemId) return false;
  if (variables.spaceId && map.spaceId !== variables.spaceId) return false;
  if (variables.mine && map.author.id !== viewerId) return false;
  return !variables.type || map.type === variables.type;
}

type Page = ProgressMapsQuery['progressMaps'];
type Item = Page['edges'][number]['node'];

/** Where a map goes in a list of this sort: before the first item it sorts ahead of. */
function comesBefore(sort: MapSort, map: Item, other: Item): boolean {
  if (sort === 'recent') return map.updatedAt >= other.updatedAt;
  const name = map.name.toLowerCase();
  const otherName = other.name.toLowerCase();
  return sort === 'az' ? name <= otherName : name >= otherName;
}

/**
 * Puts a map into a loaded list at its place in the list's order (once: a saved map moves). A map
 * that sorts after everything loaded is left for a later page when there is one.
 */
export function placeMap(page: Page, map: Item, sort: MapSort): Page {
  const rest = page.edges.filter((edge) => edge.node.id !== map.id);
  const edge = localEdge('ProgressMapEdge', map);
  const at = rest.findIndex((held) => comesBefore(sort, map, held.node));
  if (at === -1) return { ...page, edges: page.pageInfo.hasNextPage ? rest : [...rest, edge] };
  return { ...page, edges: [...rest.slice(0, at), edge, ...rest.slice(at)] };
}

export function removeMap(page: Page, id: string): Page {
  return page.edges.some((edge) => edge.node.id === id)
    ? { ...page, edges: page.edges.filter((edge) => edge.node.id !== id) }
    : page;
}

/**
 * After a create or a save: each cached list of the map's space (or problem) shows it at its place
 * if, and only if, it belongs there.
 */
export function syncMapLists(
  cache: ApolloCache,
  map: ProgressMapCardFragment,
  viewerId: string | null,
) {
  const scope: MapListScope = map.problemId
    ? { problemId: map.problemId }
    : { spaceId: map.spaceId };
  for (const variables of listVariants(scope))
    cache.updateQuery({ query: ProgressMapsDocument, variables }, (data) => {
      if (!data) return undefined;
      const sort = (variables.orderBy as MapSort | undefined) ?? 'recent';
      const page = belongsTo(variables, map, viewerId)
        ? placeMap(data.progressMaps, map, sort)
        : removeMap(data.progressMaps, map.id);
      return page === data.progressMaps ? undefined : { ...data, progressMaps: page };
    });
}

/** After a delete: the map leaves every list and the single-map cache. */
export function evictMap(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'ProgressMap', id }) });
  cache.gc();
}
