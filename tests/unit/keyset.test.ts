import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, toPage, type SortKind } from '../../server/src/db/keyset';
import { AppError } from '../../server/src/errors';

const crafted = (text: string) => Buffer.from(text).toString('base64url');

function refusal(encoded: string, kind: SortKind): unknown {
  try {
    decodeCursor(encoded, kind);
  } catch (error) {
    return error;
  }
  return undefined;
}

const expectInvalidCursor = (encoded: string, kind: SortKind) => {
  const caught = refusal(encoded, kind);
  expect(caught, `${Buffer.from(encoded, 'base64url').toString()} as ${kind}`).toBeInstanceOf(
    AppError,
  );
  expect(caught).toMatchObject({
    code: 'BAD_USER_INPUT',
    message: 'Invalid cursor',
    details: { field: 'after' },
  });
};

describe('keyset cursors', () => {
  it('round-trips the sort key and id, keeping milliseconds', () => {
    const cursor = { value: new Date('2025-03-04T05:06:07.089Z'), id: 'a1b2-c3' };
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/u);
    expect(decodeCursor(encoded, 'date')).toEqual(cursor);
  });

  it('round-trips a counter sort value, up to the largest int4', () => {
    for (const value of [0, 42, -3, 2_147_483_647, -2_147_483_648]) {
      const cursor = { value, id: 'tag-x' };
      expect(decodeCursor(encodeCursor(cursor), 'count')).toEqual(cursor);
    }
  });

  it('round-trips the earliest and latest dates both PostgreSQL and JavaScript write alike', () => {
    for (const iso of ['0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
      const cursor = { value: new Date(iso), id: 'x' };
      expect(decodeCursor(encodeCursor(cursor), 'date')).toEqual(cursor);
    }
  });

  it('keeps a "|" inside the id', () => {
    expect(decodeCursor(crafted('n|3|name|id'), 'count')).toEqual({ value: 3, id: 'name|id' });
  });

  it('treats a missing cursor as the first page', () => {
    expect(decodeCursor(undefined, 'date')).toBeNull();
    expect(decodeCursor(null, 'count')).toBeNull();
    expect(decodeCursor('', 'date')).toBeNull();
  });

  it('rejects a tampered cursor as bad input on the field "after"', () => {
    for (const bad of [
      'garbage',
      crafted('d|not-a-date|id'),
      crafted(`d|${new Date().toISOString()}|`),
      crafted('n|many|id'),
    ]) {
      expectInvalidCursor(bad, 'date');
      expectInvalidCursor(bad, 'count');
    }
  });

  it('rejects a counter cursor on a date-sorted list and a date cursor on a counter sort', () => {
    expectInvalidCursor(crafted('n|5|x'), 'date');
    expectInvalidCursor(encodeCursor({ value: new Date(), id: 'x' }), 'count');
  });

  it('rejects counters PostgreSQL integers cannot hold', () => {
    for (const raw of [
      '1e308',
      '2147483648',
      '-2147483649',
      '99999999999',
      '5.5',
      'Infinity',
      'NaN',
      '0x10',
      ' 5',
      '',
    ]) {
      expectInvalidCursor(crafted(`n|${raw}|x`), 'count');
    }
  });

  it('rejects dates outside years 1 to 9999 and any form encodeCursor does not write', () => {
    for (const raw of [
      '+275760-09-13T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '+010000-01-01T00:00:00.000Z',
      '2025-03-04',
      '2025-03-04T05:06:07Z',
      'Tue Mar 04 2025',
      '5',
      '8640000000000000',
    ]) {
      expectInvalidCursor(crafted(`d|${raw}|x`), 'date');
    }
  });

  it('round-trips a distance of the location sort exactly, as the float it was', () => {
    for (const value of [0, 6123.456789012345, 1.2e-7, 12_742_000]) {
      const cursor = { value, id: 'story-1' };
      expect(decodeCursor(encodeCursor(cursor), 'distance')).toEqual(cursor);
    }
  });

  it('rejects distances that are negative, not finite, or not written by encodeCursor', () => {
    for (const raw of ['-1', 'Infinity', 'NaN', '', ' 5', '5.50', '0x10']) {
      expectInvalidCursor(crafted(`n|${raw}|x`), 'distance');
    }
    expectInvalidCursor(encodeCursor({ value: new Date(), id: 'x' }), 'distance');
  });

  it('rejects a NUL byte in the id, which PostgreSQL text cannot hold', () => {
    expectInvalidCursor(crafted('n|1|a\u0000b'), 'count');
    expectInvalidCursor(crafted(`d|${new Date().toISOString()}|\u0000`), 'date');
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
    expect(decodeCursor(page.last, 'date')).toEqual({ value: rows[3]!.at, id: 'id3' });
  });

  it('has no cursor on the last page', () => {
    expect(toPage(rows, 5, cursorOf).last).toBeNull();
    expect(toPage([], 5, cursorOf)).toEqual({ items: [], last: null, cursors: [] });
  });

  it('gives each row shown its own cursor, the last one being the next page’s', () => {
    const page = toPage(rows, 3, cursorOf);
    expect(page.cursors.map((cursor) => decodeCursor(cursor, 'date'))).toEqual(
      rows.slice(0, 3).map(cursorOf),
    );
    expect(page.last).toBe(page.cursors[2]);
  });
});
