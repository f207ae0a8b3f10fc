import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { AppDeps } from '../../server/src/context';
import { startServer } from '../../server/src/start';
import { migratedDataDir, postgresTemplate } from './database-templates';

/**
 * The real server, in-process, on a random port with its own DATA_DIR (embedded PGlite, outbox,
 * secrets). With TEST_DATABASE_URL set, each server gets a fresh PostgreSQL database instead.
 * Start one per test file (PGlite takes about 2 s to start) and isolate tests by data.
 */
export interface TestServer {
  /** http://127.0.0.1:<port> */
  url: string;
  dataDir: string;
  deps: AppDeps;
  stop(): Promise<void>;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database next to the one TEST_DATABASE_URL names (null without it): empty,
 * or a copy of the run's migrated template when `migrated`.
 */
export async function createTestDatabase({ migrated = false } = {}): Promise<TestDatabase | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? postgresTemplate() : null;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end({ timeout: 5 });
      }
    },
  };
}

export const tempDataDir = () => mkdtemp(path.join(os.tmpdir(), 'bumps-test-'));

/** The environment a test server runs with: nothing inherited from the shell running the tests. */
export const testServerEnv = (dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv => ({
  NODE_ENV: 'test',
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  // TEST_LOG_LEVEL=debug shows the server's logs while a test is being debugged.
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  // No built client in tests: API routes only, whatever the working tree holds.
  CLIENT_DIST: path.join(dataDir, 'no-client'),
  ...(databaseUrl && { DATABASE_URL: databaseUrl }),
});

/** The real server on a fresh database; `env` adds or overrides variables. */
export async function startTestServer(env: NodeJS.ProcessEnv = {}): Promise<TestServer> {
  const database = await createTestDatabase({ migrated: true });
  try {
    const server = await startTestServerOn(database?.url, env);
    return {
      ...server,
      async stop() {
        await server.stop();
        await database?.drop();
      },
    };
  } catch (error) {
    await database?.drop();
    throw error;
  }
}

/**
 * The real server on a database the caller provides and looks after (a cluster of its own, a
 * proxy in front of one); PGlite without one. `env` adds or overrides variables.
 */
export async function startTestServerOn(
  databaseUrl: string | undefined,
  env: NodeJS.ProcessEnv = {},
): Promise<TestServer> {
  const dataDir = databaseUrl ? await tempDataDir() : migratedDataDir();
  try {
    const running = await startServer({ ...testServerEnv(dataDir, databaseUrl), ...env });
    return {
      url: running.url,
      dataDir,
      deps: running.deps,
      async stop() {
        await running.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
