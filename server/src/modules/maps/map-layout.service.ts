import { randomUUID } from 'node:crypto';
import { mapNodeKey, parseMapNodeKey, type MapLink, type MapPositions } from '@rules';
import { asc, eq } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { waypoints } from '../../db/schema';
import { seenKeysOn } from './map-nodes.service';

/**
 * What a new map takes over from another map (Save As) or from a file (import): its layout, kept
 * only for the nodes the person sees in the target space, and its waypoints, created anew with
 * the layout re-keyed to them.
 */

/** The parts of a map stored by node key. */
export interface MapLayout {
  links: MapLink[];
  positions2d: MapPositions;
  positions3d: MapPositions;
  excluded: string[];
}

/** A waypoint to create on a new map, under the key the layout knows it by. */
export interface WaypointSource {
  key: string;
  name: string;
  description: string;
}

/** Waypoints made anew: their new keys by old key, and the insert into the new map. */
export interface NewWaypoints {
  keys: ReadonlyMap<string, string>;
  insert(tx: DbOrTx, map: { id: string; spaceId: string }, authorId: string): Promise<void>;
}

export function newWaypoints(sources: readonly WaypointSource[]): NewWaypoints {
  // A key named twice (a hand-edited file) makes one waypoint.
  const unique = [...new Map(sources.map((source) => [source.key, source])).values()];
  const made = unique.map((source) => ({ ...source, id: randomUUID() }));
  return {
    keys: new Map(made.map((waypoint) => [waypoint.key, mapNodeKey('waypoint', waypoint.id)])),
    async insert(tx, map, authorId) {
      if (made.length === 0) return;
      await tx.insert(waypoints).values(
        made.map((waypoint) => ({
          id: waypoint.id,
          mapId: map.id,
          spaceId: map.spaceId,
          authorId,
          name: waypoint.name,
          description: waypoint.description,
        })),
      );
    },
  };
}

/** A map's waypoints as the sources of a copy's. */
export async function waypointSourcesOf(ctx: Context, mapId: string): Promise<WaypointSource[]> {
  const rows = await ctx.db
    .select()
    .from(waypoints)
    .where(eq(waypoints.mapId, mapId))
    .orderBy(asc(waypoints.createdAt), asc(waypoints.id));
  return rows.map((row) => ({
    key: mapNodeKey('waypoint', row.id),
    name: row.name,
    description: row.description,
  }));
}

/**
 * `layout` for a new map in `spaceId`: keys of items the viewer sees there kept, waypoint keys
 * re-keyed to the new waypoints (others dropped), links kept when both their ends are.
 */
export async function carriedLayout(
  ctx: Context,
  spaceId: string,
  layout: MapLayout,
  waypointKeys: ReadonlyMap<string, string>,
): Promise<MapLayout> {
  const keys = new Set([
    ...Object.keys(layout.positions2d),
    ...Object.keys(layout.positions3d),
    ...layout.links.flatMap((link) => [link.source, link.target]),
    ...layout.excluded,
  ]);
  const items = [...keys].filter((key) => parseMapNodeKey(key)?.kind !== 'waypoint');
  // No map exists yet: items are judged by the target space alone.
  const seen = await seenKeysOn(ctx.db, ctx.viewer, { id: '', spaceId }, items);
  const rekey = (key: string) =>
    parseMapNodeKey(key)?.kind === 'waypoint'
      ? (waypointKeys.get(key) ?? null)
      : seen.has(key)
        ? key
        : null;
  const positions = (from: MapPositions) => {
    const kept: MapPositions = {};
    for (const [key, position] of Object.entries(from)) {
      const next = rekey(key);
      if (next) kept[next] = position;
    }
    return kept;
  };
  return {
    positions2d: positions(layout.positions2d),
    positions3d: positions(layout.positions3d),
    links: layout.links.flatMap((link) => {
      const source = rekey(link.source);
      const target = rekey(link.target);
      return source && target ? [{ ...link, source, target }] : [];
    }),
    excluded: [...new Set(layout.excluded.flatMap((key) => rekey(key) ?? []))],
  };
}
