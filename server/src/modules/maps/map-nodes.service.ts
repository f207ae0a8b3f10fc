import { parseMapNodeKey, type MapLink } from '@rules';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { problems, solutions, stories, waypoints } from '../../db/schema';
import { problemListedFor } from '../problems/problem.policy';
import { solutionListedFor } from '../solutions/solution.policy';
import { storyShownFor } from '../stories/story.policy';

/**
 * Which node keys a viewer sees on a map, for the parts a map stores by key (custom links,
 * positions, imported layouts): an item is seen when its own policy lists it to the viewer and it
 * belongs to the map's space; a waypoint when it is the map's; tags and people always (a person's
 * node reveals nothing their posts do not). The graph's nodes follow the same policies.
 */

/** The items a node may stand for: their id, owner (a post's space, a waypoint's map) and policy. */
const NODE_ITEMS: {
  kind: string;
  id: AnyPgColumn<{ data: string; notNull: true }>;
  owner: AnyPgColumn<{ data: string; notNull: true }>;
  shown: (viewer: Viewer | null) => SQL | undefined;
}[] = [
  { kind: 'problem', id: problems.id, owner: problems.spaceId, shown: problemListedFor },
  { kind: 'solution', id: solutions.id, owner: solutions.spaceId, shown: solutionListedFor },
  { kind: 'story', id: stories.id, owner: stories.spaceId, shown: storyShownFor },
  { kind: 'waypoint', id: waypoints.id, owner: waypoints.mapId, shown: () => undefined },
];

/** A node key as asked about on one map. */
export interface MapNodeRef {
  mapId: string;
  spaceId: string;
  key: string;
}

/** One key per map and node, for sets of seen nodes. */
export const mapNodeRefKey = (ref: { mapId: string; key: string }) => `${ref.mapId}\n${ref.key}`;

/** Of `refs`, those the viewer sees (by mapNodeRefKey): one statement per kind of item asked. */
export async function seenNodeRefs(
  db: DbOrTx,
  viewer: Viewer | null,
  refs: readonly MapNodeRef[],
): Promise<Set<string>> {
  const seen = new Set<string>();
  const idsOf = (kind: string) => {
    const ids = new Set<string>();
    for (const ref of refs) {
      const node = parseMapNodeKey(ref.key);
      if (node?.kind === kind) ids.add(node.refId);
    }
    return [...ids];
  };
  // Who owns each item the viewer sees: its space (posts) or its map (waypoints).
  const owners = new Map<string, string>();
  await Promise.all(
    NODE_ITEMS.map(async ({ kind, id, owner, shown }) => {
      const ids = idsOf(kind);
      if (ids.length === 0) return;
      const rows = await db
        .select({ id, owner })
        .from(id.table)
        .where(and(inArray(id, ids), shown(viewer)));
      for (const row of rows) owners.set(`${kind}:${row.id}`, row.owner);
    }),
  );
  for (const ref of refs) {
    const node = parseMapNodeKey(ref.key);
    if (!node) continue;
    const visible =
      node.kind === 'tag' || node.kind === 'user'
        ? true
        : owners.get(ref.key) === (node.kind === 'waypoint' ? ref.mapId : ref.spaceId);
    if (visible) seen.add(mapNodeRefKey(ref));
  }
  return seen;
}

/** The keys of one map the viewer sees. */
export async function seenKeysOn(
  db: DbOrTx,
  viewer: Viewer | null,
  map: { id: string; spaceId: string },
  keys: Iterable<string>,
): Promise<Set<string>> {
  const refs = [...new Set(keys)].map((key) => ({ mapId: map.id, spaceId: map.spaceId, key }));
  const seen = await seenNodeRefs(db, viewer, refs);
  return new Set(refs.filter((ref) => seen.has(mapNodeRefKey(ref))).map((ref) => ref.key));
}

/** The endpoints of links, for asking which of them a viewer sees. */
export const linkEndpoints = (links: readonly Pick<MapLink, 'source' | 'target'>[]) =>
  links.flatMap((link) => [link.source, link.target]);

/** The links whose both ends are in `seen`. */
export const linksBetween = <Link extends Pick<MapLink, 'source' | 'target'>>(
  links: readonly Link[],
  seen: ReadonlySet<string>,
) => links.filter((link) => seen.has(link.source) && seen.has(link.target));

/**
 * A map's custom links as this viewer sees them: a link to a node they cannot see (a draft, an
 * item of another space, a deleted waypoint) is left out. Batched per request (map.loaders.ts).
 */
export async function seenLinks(
  ctx: Context,
  map: { id: string; spaceId: string; links: MapLink[] },
): Promise<MapLink[]> {
  if (map.links.length === 0) return [];
  const keys = [...new Set(linkEndpoints(map.links))];
  const seen = await ctx.loaders.mapNodeSeen.loadMany(
    keys.map((key) => ({ mapId: map.id, spaceId: map.spaceId, key })),
  );
  return linksBetween(map.links, new Set(keys.filter((_, index) => seen[index] === true)));
}
