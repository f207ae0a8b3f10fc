import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, toPage } from '../../server/src/db/keyset';
import { AppError } from '../../server/src/errors';

describe('keyset cursors', () => {
  it('round-trips the sort key and id, keeping milliseconds', () => {
    const cursor = { value: new Date('2025-03-04T05:06:07.089Z'), id: 'a1b2-c3' };
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/u);
    expect(decodeCursor(encoded)).toEqual(cursor);
  });

  it('round-trips a counter sort value', () => {
    const cursor = { value: 42, id: 'tag-x' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('treats a missing cursor as the first page', () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor(null)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  it('rejects a tampered cursor as bad input on the field "after"', () => {
    for (const bad of [
      'garbage',
      Buffer.from('d|not-a-date|id').toString('base64url'),
      Buffer.from(`d|${new Date().toISOString()}|`).toString('base64url'),
      Buffer.from('n|many|id').toString('base64url'),
    ]) {
      let caught: unknown;
      try {
        decodeCursor(bad);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect(caught).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'Invalid cursor',
        details: { field: 'after' },
      });
    }
  });
});

describe('toPage', () => {
  const rows = Array.from({ length: 5 }, (_, i) => ({
    id: `id${i}`,
    at: new Date(Date.UTC(2025, 0, 10 - i)),
  }));
  const cursorOf = (row: { id: string; at: Date }) => ({ value: row.at, id: row.id });

  it('cuts the extra row and points the cursor at the last row shown', () => {
    const page = toPage(rows, 4, cursorOf);
    expect(page.items.map((row) => row.id)).toEqual(['id0', 'id1', 'id2', 'id3']);
    expect(decodeCursor(page.last)).toEqual({ value: rows[3]!.at, id: 'id3' });
  });

  it('has no cursor on the last page', () => {
    expect(toPage(rows, 5, cursorOf).last).toBeNull();
    expect(toPage([], 5, cursorOf)).toEqual({ items: [], last: null });
  });
});
