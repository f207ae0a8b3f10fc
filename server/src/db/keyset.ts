import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@rules';
import { AppError } from '../errors';

/**
 * Keyset cursors: the last row's sort value and id, opaque to clients. Page N costs what page 1
 * costs because the query seeks to (value, id) instead of skipping rows. Sort values are dates
 * (recent, recentStatus) or numbers (counters: reactions, participants, upvotes…).
 */
export type SortValue = Date | number;

export interface Cursor {
  value: SortValue;
  id: string;
}

export const encodeCursor = ({ value, id }: Cursor) =>
  Buffer.from(
    typeof value === 'number' ? `n|${value}|${id}` : `d|${value.toISOString()}|${id}`,
  ).toString('base64url');

const invalidCursor = () => new AppError('BAD_USER_INPUT', 'Invalid cursor', { field: 'after' });

export function decodeCursor(encoded: string | null | undefined): Cursor | null {
  if (!encoded) return null;
  const text = Buffer.from(encoded, 'base64url').toString();
  const [kind, raw, ...idParts] = text.split('|');
  const id = idParts.join('|');
  if (!raw || !id) throw invalidCursor();
  const value = kind === 'n' ? Number(raw) : kind === 'd' ? new Date(raw) : Number.NaN;
  if (typeof value === 'number' ? !Number.isFinite(value) : Number.isNaN(value.getTime()))
    throw invalidCursor();
  return { value, id };
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
  sortColumn: AnyPgColumn,
  idColumn: AnyPgColumn,
  cursor: Cursor | CursorPlaceholders | null,
  ascending = false,
): SQL | undefined {
  if (!cursor) return undefined;
  const beyond = sql.raw(ascending ? '>' : '<');
  return sql`(${sortColumn}, ${idColumn}) ${beyond} (${sql.param(cursor.value, sortColumn)}, ${sql.param(cursor.id, idColumn)})`;
}

/** The page size a caller asked for, within 1..MAX_PAGE_SIZE. */
export const pageSize = (first: number | null | undefined) =>
  Math.min(Math.max(first ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);

export interface Page<T> {
  items: T[];
  /** Cursor for the next page; null on the last page. */
  last: string | null;
}

/** Callers fetch one row more than asked so they know whether another page exists. */
export function toPage<T>(rows: T[], size: number, cursorOf: (row: T) => Cursor): Page<T> {
  const items = rows.slice(0, size);
  const tail = items[items.length - 1];
  return { items, last: rows.length > size && tail ? encodeCursor(cursorOf(tail)) : null };
}
