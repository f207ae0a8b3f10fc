import { and, isNotNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { NEARBY_RADIUS_KM, listPlaceSchema } from '@rules';
import type { Cursor, CursorPlaceholders } from '../../db/keyset';
import { parseInput } from '../../errors';

/** A table with a post's place (stories, problems, solutions). */
export interface Located {
  lat: AnyPgColumn;
  lng: AnyPgColumn;
}

/** A position as SQL values: numbers, or a prepared statement's placeholders. */
export interface PositionValues {
  lat: number | Placeholder;
  lng: number | Placeholder;
}

/** What a list asked of places, checked; the 'location' sort itself is the list's orderBy. */
export interface ListPlace {
  position: { lat: number; lng: number } | null;
  /** Only items within NEARBY_RADIUS_KM. */
  nearby: boolean;
}

/** The 'location' sort and the nearby filter need a position: BAD_USER_INPUT without one. */
export function parseListPlace(input: unknown): ListPlace {
  const list = parseInput(listPlaceSchema, input);
  return {
    position: list.position ?? null,
    nearby: list.distance === 'nearby',
  };
}

// The same expression as the GiST index (`ll_to_earth(lat, lng)`), so the planner can use it.
const pointOf = (table: Located) => sql`ll_to_earth(${table.lat}, ${table.lng})`;
const positionPoint = (position: PositionValues) =>
  sql`ll_to_earth(${position.lat}::float8, ${position.lng}::float8)`;

/**
 * The SQL of a list that knows the viewer's position. `chord` is what the index orders by (the
 * straight-line distance through the earth, in metres: KNN `<->`), and the cursor holds it;
 * `distanceKm` is the great-circle distance shown, a monotonic function of the chord.
 */
export function nearnessSql(table: Located, position: PositionValues) {
  const point = pointOf(table);
  const from = positionPoint(position);
  const radiusMetres = NEARBY_RADIUS_KM * 1000;
  return {
    chord: sql<number>`(${point} <-> ${from})`,
    distanceKm: sql<number>`(earth_distance(${point}, ${from}) / 1000)`,
    /** Only placed items: also the index's predicate, so the index applies. */
    located: and(isNotNull(table.lat), isNotNull(table.lng))!,
    /** The box test uses the index; the exact distance then trims its corners. */
    nearby: sql`(earth_box(${from}, ${radiusMetres}::float8) @> ${point} and earth_distance(${point}, ${from}) <= ${radiusMetres}::float8)`,
  };
}

/** The columns a position-aware list adds: nulls when it has no position, so rows keep one shape. */
export function nearnessColumns(table: Located, position: PositionValues | null) {
  if (!position)
    return {
      distanceKm: sql<number | null>`null::float8`,
      chord: sql<number | null>`null::float8`,
    };
  const { distanceKm, chord } = nearnessSql(table, position);
  return { distanceKm: sql<number | null>`${distanceKm}`, chord: sql<number | null>`${chord}` };
}

/**
 * PostgreSQL 15 walks the GiST index nearest first only when the order is the distance alone: a
 * tie-break by id makes it read and sort every located row (measured: 1.4 s instead of 1 ms at
 * 100,000 stories). So the statement orders by the chord alone, from the cursor's chord on
 * (`fromChord`), and reads NEAREST_TIE_SLACK rows more than a page; `nearestPage` then puts them in
 * (chord, id) order, which pages exactly.
 */
export const NEAREST_TIE_SLACK = 100;

/** Rows at the cursor's chord or further; `nearestPage` drops those at or before the cursor. */
export const fromChord = (chord: SQL<number>, cursor: Cursor | CursorPlaceholders) =>
  sql`${chord} >= ${cursor.value}::float8`;

/** How many rows the nearest-first statement reads for a page of `size` (plus the one telling more). */
export const nearestReadLimit = (size: number) => size + 1 + NEAREST_TIE_SLACK;

/**
 * The rows of a nearest-first read in (chord, id) order, after the cursor. When the read was cut
 * short, rows at its last chord may be missing some of their ties (same distance, lower id), so
 * those are left to the next page; only more than NEAREST_TIE_SLACK posts at exactly one spot could
 * then be paged out of id order, never lost.
 */
export function nearestPage<Row extends { id: string; chord: number | null }>(
  rows: Row[],
  readLimit: number,
  cursor: Cursor | null,
): Row[] {
  const chordOf = (row: Row) => row.chord ?? 0;
  const sorted = [...rows].sort(
    (a, b) => chordOf(a) - chordOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const after = cursor
    ? sorted.filter(
        (row) =>
          chordOf(row) > Number(cursor.value) ||
          (chordOf(row) === Number(cursor.value) && row.id > cursor.id),
      )
    : sorted;
  if (rows.length < readLimit) return after;
  const lastChord = chordOf(sorted[sorted.length - 1]!);
  const whole = after.filter((row) => chordOf(row) < lastChord);
  return whole.length > 0 ? whole : after;
}

/** The REST position from `lat` and `lng` query parameters; the service checks the numbers. */
export const restPosition = (params: { lat?: string; lng?: string }) =>
  params.lat === undefined && params.lng === undefined
    ? null
    : { lat: Number(params.lat), lng: Number(params.lng) };

/** `distanceKm` of a row a position-aware list made; nothing otherwise (REST presenters). */
export const distanceField = (row: object) =>
  'distanceKm' in row && typeof row.distanceKm === 'number' ? { distanceKm: row.distanceKm } : {};

/** The location sort's keyset: the chord the rows were ordered by, and the id. */
export const chordKeyset = {
  kind: 'distance' as const,
  cursorOf: (row: { id: string; chord: number | null }) => ({ value: row.chord ?? 0, id: row.id }),
};
