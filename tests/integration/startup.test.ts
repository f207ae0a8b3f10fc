import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  tempDataDir,
  testServerEnv,
  type TestDatabase,
} from '../helpers/server';

/**
 * Starting fails loudly: a server that cannot listen exits with an error (so whatever supervises
 * it sees the failure) instead of running on without listening, and a cluster primary whose
 * workers cannot start stops rather than forking them again every second.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX_CLI = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

let blocker: Server;
let takenPort: number;
let database: TestDatabase | null = null;
beforeAll(async () => {
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  takenPort = (blocker.address() as { port: number }).port;
  database = await createTestDatabase();
});
afterAll(async () => {
  await new Promise<void>((resolve) => blocker.close(() => resolve()));
  await database?.drop();
});

/** Runs `tsx server/src/main.ts` on the taken port; resolves with its exit code (null: still running after 30 s). */
async function startOnTakenPort(extraEnv: NodeJS.ProcessEnv): Promise<number | null> {
  const dataDir = await tempDataDir();
  const child = spawn(process.execPath, [TSX_CLI, 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...testServerEnv(dataDir),
      PORT: String(takenPort),
      PATH: process.env.PATH,
      ...extraEnv,
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    return await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 30_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  } finally {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('a port already in use', () => {
  it('makes a single server process exit with an error', async () => {
    expect(await startOnTakenPort({})).toBe(1);
  }, 40_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'stops a cluster of workers with an error (needs TEST_DATABASE_URL)',
    async () => {
      expect(await startOnTakenPort({ DATABASE_URL: database!.url, WEB_CONCURRENCY: '2' })).toBe(1);
    },
    40_000,
  );
});
