/**
 * Sorts database failures that are not bugs. Drizzle wraps the driver's error (postgres.js or
 * PGlite) as `cause`; both carry the SQLSTATE as `code`, and postgres.js names socket failures
 * in `code` too.
 */
export type DatabaseFailure = 'invalid-value' | 'gone' | 'unavailable';

/** The server cannot be reached, is shutting down or starting up, or gave up on a statement. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  // Two writers' locks crossed and PostgreSQL aborted one: the same request retried succeeds.
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

export function databaseFailure(error: unknown): DatabaseFailure | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      // Class 22 (data exception): a value PostgreSQL refuses, such as a NUL byte in text, a number
      // out of range or a date it cannot represent. Class 08: the connection failed.
      if (code.startsWith('22')) return 'invalid-value';
      // foreign_key_violation: what the write refers to was deleted while the request ran.
      if (code === '23503') return 'gone';
      if (code.startsWith('08') || UNAVAILABLE_CODES.has(code)) return 'unavailable';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Whether a write failed on a unique index (unique_violation): another writer took the value
 * between a check and the write, which a caller may answer as the value being taken.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
