import { describe, expect, it } from 'vitest';
import { AppError, expectedError } from '../../server/src/errors';

/** A driver error as postgres.js and PGlite raise it (SQLSTATE in `code`), wrapped as Drizzle does. */
const databaseError = (code: string) =>
  Object.assign(new Error('Failed query: …'), {
    cause: Object.assign(new Error('driver says no'), { code }),
  });

describe('expectedError', () => {
  it.each([
    ['22021', 'BAD_USER_INPUT'], // a NUL byte in text
    ['22003', 'BAD_USER_INPUT'], // a number out of range
    ['23503', 'NOT_FOUND'], // what the write refers to was deleted meanwhile
    ['57P01', 'UNAVAILABLE'], // the server is shutting down
    ['57P03', 'UNAVAILABLE'], // the server is starting up
    ['08006', 'UNAVAILABLE'], // the connection failed
    ['40P01', 'UNAVAILABLE'], // a deadlock: the retry succeeds
    ['ECONNREFUSED', 'UNAVAILABLE'],
    ['CONNECTION_CLOSED', 'UNAVAILABLE'],
  ])('answers database error %s as %s', (code, expected) => {
    expect(expectedError(databaseError(code))?.code).toBe(expected);
  });

  it('tells a client how long to wait while the database is unavailable', () => {
    expect(expectedError(databaseError('57P03'))?.details.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('leaves a bug a bug: an unknown table, a thrown TypeError', () => {
    expect(expectedError(databaseError('42P01'))).toBeNull();
    expect(expectedError(new TypeError('x is undefined'))).toBeNull();
  });

  it('answers what the body reader refused: 413 for size, 400 for the rest', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { status: 413 });
    const badJson = Object.assign(new SyntaxError('Unexpected token'), {
      status: 400,
      type: 'entity.parse.failed',
    });
    expect(expectedError(tooLarge)?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(expectedError(badJson)).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON',
    });
  });

  it('passes an AppError through as it is', () => {
    const refused = new AppError('FORBIDDEN', 'No');
    expect(expectedError(refused)).toBe(refused);
  });
});
