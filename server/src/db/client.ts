import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
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

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../migrations');
/** Any fixed number, the same in every process of this app. */
const MIGRATION_LOCK_KEY = 4_151_977_001;

export async function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  if (options.url) {
    const sql = postgres(options.url, { max: 10, onnotice: () => {} });
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
  const client = await PGlite.create(path.join(options.dataDir, 'pgdata'));
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS }),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
