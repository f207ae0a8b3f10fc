import { is, SQL, sql, type Placeholder } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CURSOR_MAX, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@rules';
import { AppError } from '../errors';

/**
 * Keyset cursors: the last row's sort value and id, opaque to clients. Page N costs what page 1
 * costs because the query seeks to (value, id) instead of skipping rows. Sort values are dates
 * (recent, recentStatus), numbers (counters: reactions, participants, upvotes…) or text (names A-Z).
 */
export type SortValue = Date | number | string;

export interface Cursor {
  value: SortValue;
  id: string;
}

/** A text value may hold '|' itself, so it travels base64url-encoded inside the cursor. */
const textPart = (value: string) => Buffer.from(value).toString('base64url');

export const encodeCursor = ({ value, id }: Cursor) =>
  Buffer.from(
    typeof value === 'number'
      ? `n|${value}|${id}`
      : typeof value === 'string'
        ? `t|${textPart(value)}|${id}`
        : `d|${value.toISOString()}|${id}`,
  ).toString('base64url');

/**
 * What a list sorts by: a timestamp column, an integer (int4) counter, a distance from the
 * viewer (a float: the location sort), or a name (text).
 */
export type SortKind = 'date' | 'count' | 'distance' | 'text';

// A crafted cursor must not reach SQL with a value its sort column cannot hold. Dates stay within
// years 1 to 9999: beyond them toISOString writes six-digit years PostgreSQL cannot read.
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

const invalidCursor = () =>
  AppError.fromMessage('BAD_USER_INPUT', 'invalidCursor', { field: 'after' });

/**
 * The cursor a list of this sort kind issued, or null for the first page. Anything else (another
 * kind's cursor, a value out of the column's range, a NUL byte in the id, more text than any
 * cursor takes, which is not even decoded) is BAD_USER_INPUT.
 */
export function decodeCursor(encoded: string | null | undefined, kind: SortKind): Cursor | null {
  if (!encoded) return null;
  if (encoded.length > CURSOR_MAX) throw invalidCursor();
  const [tag, raw = '', ...idParts] = Buffer.from(encoded, 'base64url').toString().split('|');
  const id = idParts.join('|');
  // PostgreSQL text cannot hold NUL.
  if (!id || id.includes('\0')) throw invalidCursor();
  const value =
    kind === 'date'
      ? dateValue(tag, raw)
      : kind === 'count'
        ? countValue(tag, raw)
        : kind === 'text'
          ? textValue(tag, raw)
          : distanceValue(tag, raw);
  if (value === null) throw invalidCursor();
  return { value, id };
}

/** Only what encodeCursor writes: an ISO timestamp with four-digit year. */
function dateValue(tag: string | undefined, raw: string): Date | null {
  if (tag !== 'd') return null;
  const value = new Date(raw);
  const time = value.getTime();
  return time >= EARLIEST && time <= LATEST && value.toISOString() === raw ? value : null;
}

function countValue(tag: string | undefined, raw: string): number | null {
  if (tag !== 'n' || !/^-?\d{1,10}$/u.test(raw)) return null;
  const value = Number(raw);
  return value >= INT4_MIN && value <= INT4_MAX ? value : null;
}

/** A name as encodeCursor writes it: base64url of text without NUL (PostgreSQL text cannot hold it). */
function textValue(tag: string | undefined, raw: string): string | null {
  if (tag !== 't' || !/^[\w-]*$/u.test(raw)) return null;
  const value = Buffer.from(raw, 'base64url').toString();
  return textPart(value) === raw && !value.includes('\0') ? value : null;
}

/** A distance as encodeCursor writes it: JavaScript's own round-tripping form of a float. */
function distanceValue(tag: string | undefined, raw: string): number | null {
  const value = Number(raw);
  return tag === 'n' && raw !== '' && Number.isFinite(value) && value >= 0 && String(value) === raw
    ? value
    : null;
}

/**
 * The spec's `lastScannedWhen` of a page: the time the list had reached (the last row's sort
 * value) when the list is in time order and goes on, read from its `last` cursor; null on the
 * last page and for lists ordered by a count, a name or a distance.
 */
export function cursorTime(encoded: string | null | undefined): string | null {
  if (!encoded || encoded.length > CURSOR_MAX) return null;
  const [tag, raw] = Buffer.from(encoded, 'base64url').toString().split('|');
  return tag === 'd' && raw ? raw : null;
}

/** A prepared statement's cursor: values named `cursorValue` and `cursorId` at execution. */
export interface CursorPlaceholders {
  value: Placeholder<'cursorValue'>;
  id: Placeholder<'cursorId'>;
}

export const CURSOR_PLACEHOLDERS: CursorPlaceholders = {
  value: sql.placeholder('cursorValue'),
  id: sql.placeholder('cursorId'),
};

/**
 * Rows after the cursor in (sort, id) order, descending unless `ascending`. Written as a row
 * comparison so PostgreSQL seeks the (…, sort, id) index straight to the cursor; the equivalent
 * `a < x or (a = x and id < y)` only filters, and page 2,000 would read every row before it.
 */
export function afterCursor(
  sortColumn: AnyPgColumn | SQL,
  idColumn: AnyPgColumn,
  cursor: Cursor | CursorPlaceholders | null,
  ascending = false,
): SQL | undefined {
  if (!cursor) return undefined;
  const beyond = sql.raw(ascending ? '>' : '<');
  // An expression (`lower(name)`) has no column to encode its value: it is text, sent as is.
  const value = is(sortColumn, SQL) ? sql`${cursor.value}` : sql.param(cursor.value, sortColumn);
  return sql`(${sortColumn}, ${idColumn}) ${beyond} (${value}, ${sql.param(cursor.id, idColumn)})`;
}

/**
 * The page size a caller asked for, within 1..max: the transport's largest page
 * (`Context.pageSizeMax`: MAX_PAGE_SIZE over GraphQL, REST_PAGE_SIZE_MAX over REST). Whatever the
 * size, a page is one query: `limit size + 1` seeking from the cursor.
 */
export const pageSize = (first: number | null | undefined, max: number = MAX_PAGE_SIZE) =>
  Math.min(Math.max(first ?? DEFAULT_PAGE_SIZE, 1), max);

export interface Page<T> {
  items: T[];
  /** Cursor for the next page; null on the last page. */
  last: string | null;
  /** Each item's cursor (GraphQL edges): the items after it. Not part of REST answers. */
  cursors: string[];
}

/** A page with no rows. */
export const emptyPage = <T>(): Page<T> => ({ items: [], last: null, cursors: [] });

/** The same page with each row presented as another shape; each keeps its row's cursor. */
export const mapPage = <Row, Item>(page: Page<Row>, present: (row: Row) => Item): Page<Item> => ({
  ...page,
  items: page.items.map(present),
});

/**
 * The same page with each row turned into none, one or several items (a row the viewer may no
 * longer see, a post's several files); each item takes its row's cursor.
 */
export function flatMapPage<Row, Item>(page: Page<Row>, expand: (row: Row) => Item[]): Page<Item> {
  const items: Item[] = [];
  const cursors: string[] = [];
  page.items.forEach((row, index) => {
    for (const item of expand(row)) {
      items.push(item);
      cursors.push(page.cursors[index]!);
    }
  });
  return { items, last: page.last, cursors };
}

/** Callers fetch one row more than asked so they know whether another page exists. */
export function toPage<T>(rows: T[], size: number, cursorOf: (row: T) => Cursor): Page<T> {
  const items = rows.slice(0, size);
  const cursors = items.map((row) => encodeCursor(cursorOf(row)));
  return { items, last: rows.length > size ? (cursors.at(-1) ?? null) : null, cursors };
}
