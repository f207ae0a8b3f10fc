import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, subscribe } from '../helpers/clients';
import {
  STORY_FIELDS,
  postStory,
  signUpVerifiedOverHttp,
  type StoryView,
} from '../helpers/factories';
import {
  createTestDatabase,
  tempDataDir,
  testServerEnv,
  type TestDatabase,
  type TestServer,
} from '../helpers/server';

/**
 * Horizontal scale: two server processes on one PostgreSQL see each other's live events through
 * LISTEN/NOTIFY. Only with TEST_DATABASE_URL: PGlite is one process's embedded database.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
// tsx's own CLI, run by this Node: what `npx tsx server/src/main.ts` runs, without npx's extra process.
const TSX_CLI = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

interface LogEntry {
  msg?: string;
  pid?: number;
  port?: number;
}

interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** Its JSON log lines so far (the primary's and every worker's). */
  logs: LogEntry[];
  stop(): Promise<void>;
}

/**
 * Starts `tsx server/src/main.ts` with PORT=0 and `workers` worker processes (WEB_CONCURRENCY) and
 * resolves once as many workers have logged 'listening' (they share one port).
 */
async function startProcess(databaseUrl: string, workers = 1): Promise<ServerProcess> {
  const dataDir = await tempDataDir();
  const child = spawn(process.execPath, [TSX_CLI, 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...testServerEnv(dataDir, databaseUrl),
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: String(workers),
      PATH: process.env.PATH,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it also stops the node process tsx starts.
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const logs: LogEntry[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not log 'listening' within 30 s\n${stderr}`)),
      30_000,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening\n${stderr}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as LogEntry;
        logs.push(entry);
        const listening = logs.filter((logged) => logged.msg === 'listening');
        if (listening.length === workers && entry.port) {
          clearTimeout(timer);
          resolve(entry.port);
        }
      } catch {
        // not a log line
      }
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { child, url: `http://127.0.0.1:${port}`, dataDir, logs, stop };
}

/** postStory needs only the URL of the server it posts to. */
const asServer = (proc: ServerProcess) => ({ url: proc.url, dataDir: proc.dataDir }) as TestServer;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two server processes on one PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let database: TestDatabase | null = null;
    let a: ServerProcess;
    let b: ServerProcess;
    beforeAll(async () => {
      database = await createTestDatabase();
      // Started together, as a deploy starts its replicas: both apply migrations to the empty
      // database. A runs two workers, so its connections alternate between two processes too.
      const started = await Promise.allSettled([
        startProcess(database!.url, 2),
        startProcess(database!.url),
      ]);
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) {
        await Promise.all(
          started.map((result) =>
            result.status === 'fulfilled' ? result.value.stop() : undefined,
          ),
        );
        throw failed.reason;
      }
      [a, b] = started.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value) as [
        ServerProcess,
        ServerProcess,
      ];
    }, 90_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    it('runs the asked number of workers on one port and stops them all on SIGTERM', async () => {
      const cluster = await startProcess(database!.url, 2);
      try {
        const primary = cluster.logs.find((entry) => entry.msg === 'primary started')?.pid;
        const workers = cluster.logs
          .filter((entry) => entry.msg === 'listening')
          .map((entry) => entry.pid!);
        expect(new Set(workers).size).toBe(2);
        expect(workers).not.toContain(primary);
        for (let i = 0; i < 4; i++) expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200);

        process.kill(primary!, 'SIGTERM');
        const alive = (pid: number) => {
          try {
            process.kill(pid, 0);
            return true;
          } catch {
            return false;
          }
        };
        const deadline = Date.now() + 20_000;
        while ([primary!, ...workers].some(alive) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect([primary!, ...workers].filter(alive)).toEqual([]);
      } finally {
        await cluster.stop();
      }
    }, 60_000);

    it('delivers a story posted on one process to a subscriber on the other', async () => {
      const writer = await signUpVerifiedOverHttp(a, { displayName: 'On A' });
      const feed = await subscribe<{ storyAdded: StoryView }>(
        b.url,
        `subscription { storyAdded { ${STORY_FIELDS} } }`,
      );
      try {
        await postStory(asServer(a), writer, '<p>Draft first #hidden</p>', { isDraft: true });
        const posted = await postStory(asServer(a), writer, '<p>Across processes #scale</p>');
        const [event] = await feed.take(1, 10_000);
        expect(event?.storyAdded).toMatchObject({
          id: posted.id,
          tags: ['scale'],
          author: { displayName: 'On A' },
        });
      } finally {
        await feed.close();
      }
    });

    it('delivers the other way too, to a signed-in subscriber, with a session made on the other process', async () => {
      const reader = await signUpVerifiedOverHttp(a, { displayName: 'Reader' });
      // Sessions live in the database: a token from A works on B.
      expect((await rest(b.url, 'GET', '/api/user/userinfo', undefined, reader.token)).status).toBe(
        200,
      );
      const feed = await subscribe<{ storyAdded: StoryView }>(
        a.url,
        `subscription { storyAdded { id canEdit } }`,
        {},
        { token: reader.token },
      );
      try {
        const posted = await postStory(asServer(b), reader, '<p>From B #back</p>');
        const [event] = await feed.take(1, 10_000);
        expect(event?.storyAdded).toEqual({ id: posted.id, canEdit: true });
      } finally {
        await feed.close();
      }
    });
  },
);
