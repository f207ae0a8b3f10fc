import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTransport, type LiveTransport } from '../../server/src/graphql/pubsub';
import { LIVE_EVENTS_RESUMED_CLOSE } from '../../server/src/graphql/websocket';
import type { Log } from '../../server/src/log';
import postgres from 'postgres';
import { WebSocket } from 'ws';
import { freePort } from '../bench/processes';
import { gqlData, subscribe } from '../helpers/clients';
import { signUpVerifiedOverHttp, type TestUser } from '../helpers/factories';
import { createPgCluster, pgClusterAvailable, type PgCluster } from '../helpers/pg-cluster';
import { redisServerAvailable, startRedisServer, type RedisServer } from '../helpers/redis-server';
import { tempDataDir, testServerEnv } from '../helpers/server';

/**
 * Live events across server processes: two processes on one PostgreSQL (a cluster of the test's
 * own, so it can be restarted), once with LISTEN/NOTIFY and once with Redis pub/sub (a
 * redis-server of the test's own). A member connected to process A receives a chat message sent
 * through process B, before and after the database (and Redis) restart: each process's listener
 * comes back by itself, and /readyz says when it has.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Running {
  url: string;
  dataDir: string;
  /** What it wrote to stderr (a crash's stack), to explain a failure. */
  stderr(): string;
  stop(): Promise<void>;
}

/** `node --import tsx server/src/main.ts`, one process (no cluster), ready once /readyz says so. */
async function startProcess(databaseUrl: string, redisUrl?: string): Promise<Running> {
  const dataDir = await tempDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...testServerEnv(dataDir, databaseUrl),
      PORT: String(port),
      WEB_CONCURRENCY: '1',
      PATH: process.env.PATH,
      ...(redisUrl && { REDIS_URL: redisUrl }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const running: Running = {
    url,
    dataDir,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await running.stop();
      throw new Error(`the server did not start:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return running;
}

interface Readiness {
  status: string;
  live?: { transport: string; listening: boolean };
}

const readiness = async (running: Running) => {
  const response = await fetch(`${running.url}/readyz`).catch((error: unknown) => {
    throw new Error(`${String(error)}; its stderr:\n${running.stderr()}`);
  });
  return { code: response.status, ...((await response.json()) as Readiness) };
};

/** A signed-in graphql-ws socket, acknowledged, with no operation. */
async function openSocket(running: Running, token: string) {
  const socket = new WebSocket(
    running.url.replace('http', 'ws') + '/graphql',
    'graphql-transport-ws',
  );
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { token } }));
  await new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'connection_ack') resolve();
    }),
  );
  return socket;
}

/** Both processes ready again, their listeners included (after a restart). */
async function bothReady(...processes: Running[]) {
  for (const running of processes)
    await expect
      .poll(async () => (await readiness(running)).code, {
        timeout: 30_000,
        interval: 200,
        message: `not ready again; its stderr:\n${running.stderr()}`,
      })
      .toBe(200);
}

const CREATE_GROUP = `mutation ($input: CreateConversationInput!) { createConversation(input: $input) { id } }`;
const SEND = `mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }`;
const MESSAGE_EVENTS = `subscription ($conversationId: ID!) {
  chatMessageEvents(conversationId: $conversationId) { change messageId message { id text } }
}`;

interface MessageEvent {
  chatMessageEvents: { change: string; messageId: string; message: { id: string; text: string } };
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !pgClusterAvailable())(
  'the PostgreSQL listener (needs TEST_DATABASE_URL and the PostgreSQL server binaries)',
  () => {
    let cluster: PgCluster;
    beforeAll(async () => {
      cluster = await createPgCluster();
    });
    afterAll(async () => {
      await cluster?.destroy();
    });

    it('logs an event published while the database is down, and listens again once it is back', async () => {
      const errors: string[] = [];
      const log = {
        info: () => {},
        debug: () => {},
        warn: () => {},
        error: (_context: unknown, message: string) => void errors.push(message),
      } as unknown as Log;
      const sql = postgres(cluster.url, { max: 2, onnotice: () => {}, backoff: () => 0.2 });
      const sender = postgres(cluster.url, { max: 1, onnotice: () => {} });
      let transport: LiveTransport | null = null;
      try {
        transport = await createPostgresTransport(cluster.url, sql, log);
        const heard: unknown[] = [];
        const events = transport.pubsub.subscribe('membership');
        void (async () => {
          for await (const event of events) heard.push(event);
        })();
        expect(transport.listening()).toBe(true);

        await cluster.stop();
        await expect.poll(() => transport!.listening()).toBe(false);
        transport.pubsub.publish('membership', { userId: 'lost-in-the-outage' });
        await expect.poll(() => errors).toEqual(['live event not sent']);

        await cluster.start();
        await expect.poll(() => transport!.listening(), { timeout: 15_000 }).toBe(true);
        // Another connection's NOTIFY (another process's event) reaches this process again.
        await sender.notify(
          'app_events',
          JSON.stringify({ type: 'membership', data: { userId: 'after-restart' } }),
        );
        await expect.poll(() => heard).toEqual([{ userId: 'after-restart' }]);
        await events.return?.();
      } finally {
        await transport?.close();
        await sql.end({ timeout: 1 });
        await sender.end({ timeout: 1 });
      }
    }, 60_000);
  },
);

for (const transport of ['postgres', 'redis'] as const) {
  const available = pgClusterAvailable() && (transport === 'postgres' || redisServerAvailable());
  describe.skipIf(!process.env.TEST_DATABASE_URL || !available)(
    `two server processes, live events through ${transport === 'postgres' ? 'LISTEN/NOTIFY' : 'Redis'} (needs TEST_DATABASE_URL, the PostgreSQL server binaries${transport === 'redis' ? ' and redis-server' : ''})`,
    () => {
      let cluster: PgCluster;
      let redis: RedisServer | null = null;
      let a: Running;
      let b: Running;
      let member: TestUser;
      let writer: TestUser;
      let conversationId: string;

      beforeAll(async () => {
        cluster = await createPgCluster();
        if (transport === 'redis') redis = await startRedisServer();
        // Started together, as a deploy starts its replicas (the migration lock lets one migrate).
        [a, b] = await Promise.all([
          startProcess(cluster.url, redis?.url),
          startProcess(cluster.url, redis?.url),
        ]);
        member = await signUpVerifiedOverHttp(a, { displayName: 'Member on A' });
        writer = await signUpVerifiedOverHttp(b, { displayName: 'Writer on B' });
        const created = await gqlData<{ createConversation: { id: string } }>(
          b.url,
          CREATE_GROUP,
          {
            input: {
              type: 'group',
              spaceId: 'ww',
              name: 'Across processes',
              memberIds: [member.id],
            },
          },
          { token: writer.token },
        );
        conversationId = created.createConversation.id;
      }, 120_000);
      afterAll(async () => {
        await Promise.all([a?.stop(), b?.stop()]);
        await redis?.stop();
        await cluster?.destroy();
      });

      /** Sends a message through B and expects the member's subscription on A to receive it. */
      async function deliveredFromBToA(text: string) {
        const events = await subscribe<MessageEvent>(
          a.url,
          MESSAGE_EVENTS,
          { conversationId },
          { token: member.token },
        );
        try {
          const id = randomUUID();
          await gqlData(
            b.url,
            SEND,
            { input: { id, conversationId, text } },
            { token: writer.token },
          );
          const [event] = await events.take(1, 10_000);
          expect(event?.chatMessageEvents).toMatchObject({
            change: 'added',
            messageId: id,
            message: { id, text },
          });
        } finally {
          await events.close();
        }
      }

      it('reports which transport carries live events, listening', async () => {
        for (const running of [a, b])
          expect(await readiness(running)).toMatchObject({
            code: 200,
            live: { transport, listening: true },
          });
      });

      it('delivers a message sent through B to a member connected to A', async () => {
        await deliveredFromBToA('<p>Hello from B</p>');
      });

      it('still delivers after PostgreSQL restarts', async () => {
        // A client connected through the restart is told to reconnect (and so to catch up) only
        // when its process's own listener was cut: the LISTEN connection is PostgreSQL's.
        const connected = await openSocket(a, member.token);
        const closedWith = new Promise<number>((resolve) =>
          connected.once('close', (code) => resolve(code)),
        );
        await cluster.restart();
        await bothReady(a, b);
        if (transport === 'postgres') expect(await closedWith).toBe(LIVE_EVENTS_RESUMED_CLOSE[0]);
        else connected.close();
        await deliveredFromBToA('<p>After the database restarted</p>');
      }, 60_000);

      it.skipIf(transport !== 'redis')(
        'is not ready while Redis is down, and delivers again once Redis is back',
        async () => {
          await redis!.stop();
          await expect
            .poll(async () => readiness(a), { timeout: 10_000, interval: 100 })
            .toMatchObject({ code: 503, live: { transport: 'redis', listening: false } });
          await redis!.start();
          await bothReady(a, b);
          await deliveredFromBToA('<p>After Redis restarted</p>');
        },
        60_000,
      );
    },
  );
}
