import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Hot queries built once per shape and kept for the life of the process. Drizzle then skips
 * rebuilding the SQL text on every request (the largest share of a feed request's Node time), and
 * PostgreSQL receives a named statement: one round trip instead of two, and a cached plan per
 * connection. Values are `sql.placeholder(name)` in the query and come with `execute({ name })`.
 *
 * Named statements need PgBouncer 1.21+ (`max_prepared_statements`) when a transaction-mode pooler
 * sits in front of PostgreSQL; see docs/operations.md.
 */
const statementsByDb = new WeakMap<Db, Map<string, unknown>>();

export function preparedStatement<Statement>(
  db: Db,
  name: string,
  build: (db: Db, name: string) => Statement,
): Statement {
  let statements = statementsByDb.get(db);
  if (!statements) statementsByDb.set(db, (statements = new Map()));
  let statement = statements.get(name) as Statement | undefined;
  if (!statement) statements.set(name, (statement = build(db, name)));
  return statement;
}

/**
 * A placeholder whose value is encoded as `column` encodes its values. Dates need it: a bare
 * placeholder hands the Date to the driver as is, and postgres.js under Drizzle takes strings.
 */
export const columnPlaceholder = (name: string, column: AnyPgColumn): SQL =>
  sql`${sql.param(sql.placeholder(name), column)}`;
