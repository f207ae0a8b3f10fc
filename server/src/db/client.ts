import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

/**
 * PGlite and postgres.js drivers build the same queries; the services see one type. The PGlite
 * database is typed through the postgres-js one because their query-builder surfaces are identical.
 */
export type Db = PostgresJsDatabase<typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The raw postgres.js client, for LISTEN/NOTIFY; absent on PGlite. */
  sql?: postgres.Sql;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * While PostgreSQL is down or restarting, queries must fail fast (the server answers 503 and the
 * client retries) instead of queueing behind reconnect attempts. postgres.js by default waits up
 * to 30 s for a connection and backs off reconnecting by up to 20 s, shared by the whole pool:
 * requests then hung for that long. Reconnect attempts here back off to at most a second (with
 * jitter, so workers do not reconnect in step), and a connection that cannot be made in 5 s fails.
 */
export const CONNECT_TIMEOUT_SECONDS = 5;
export const reconnectBackoffSeconds = (retries: number) =>
  (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 1);

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../migrations');
/** Any fixed number, the same in every process of this app. */
const MIGRATION_LOCK_KEY = 4_151_977_001;

export async function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  if (options.url) {
    const sql = postgres(options.url, {
      max: 10,
      onnotice: () => {},
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      backoff: reconnectBackoffSeconds,
    });
    const db = drizzlePostgres(sql, { schema });
    return {
      db,
      kind: 'postgres',
      sql,
      // Replicas started together would each apply the same migration to an empty database ("duplicate
      // key … pg_type"); the lock lets one apply them and the others find them applied.
      migrate: () =>
        sql.begin(async (tx) => {
          await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
          await migratePostgres(db, { migrationsFolder: MIGRATIONS });
        }),
      ping: async () => void (await sql`select 1`),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  // PGlite would let a second process open the same files and corrupt them (see pglite-lock.ts).
  const unlock = lockDataDir(path.join(options.dataDir, 'pgdata.lock'));
  let client: PGlite;
  try {
    // The extensions the migrations create (the location sort's index).
    client = await PGlite.create(path.join(options.dataDir, 'pgdata'), {
      extensions: { cube, earthdistance },
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS }),
    ping: async () => void (await client.query('select 1')),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
