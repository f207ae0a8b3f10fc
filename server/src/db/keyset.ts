import { AppError } from '../errors';

/**
 * Keyset cursors: the last row's sort key and id, opaque to clients. Page N costs what page 1
 * costs because the query seeks to (key, id) instead of skipping rows.
 */
export interface Cursor {
  at: Date;
  id: string;
}

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`).toString('base64url');

export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value) return null;
  const [at, id] = Buffer.from(value, 'base64url').toString().split('|');
  const date = at ? new Date(at) : null;
  if (!date || Number.isNaN(date.getTime()) || !id) throw new AppError('BAD_USER_INPUT', 'Invalid cursor', { field: 'after' });
  return { at: date, id };
}

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
