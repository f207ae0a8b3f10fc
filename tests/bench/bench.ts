import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { MAX_PAGE_SIZE } from '@rules';
import { startServer } from '../../server/src/start';
import { BASELINE_FEED_SQL, startBaseline, type Baseline, type BaselineRow } from './baseline';
import { diffCounts, startCountingProxy, type MessageCounts } from '../helpers/count-proxy';
import { load, type LoadResult, type LoadTarget } from './load';
import { startProfile } from './profile';
import { cpuAvailable, cpuSpent, snapshotCpu, type ServerCpu } from './cpu';
import { fanoutReport, measureFanout, type FanoutOptions } from './fanout';
import { freePort, spawnServer } from './processes';
import { BENCH, seed, type Exec } from './seed';
import { THREAD_STORY_ID, countThreadStatements, seedCommentThread } from './comments';
import { measureVotes } from './votes';
import { measureNotify } from './notify';
import { measureChat, type ChatServer } from './chat';
import { startLocalS3 } from '../helpers/s3-server';
import { UPLOAD_BENCH, measureNearby, measureUploads, type UploadServer } from './uploads';
import { measureMaps } from './maps';
import { CLIENT_DIST, ensureClientBuilt } from '../e2e/browser';

/**
 * `npm run bench` (through run.ts, which sets NODE_ENV first): the GraphQL recent feed against a one-statement SQL baseline, in one run, on a
 * fresh database seeded with 100,000 stories. Prints throughput and latency as ratios, the SQL
 * statements one feed request issues per page size, and page 1 against page 2,000.
 *
 *   BENCH_DATABASE_URL  PostgreSQL to create the bench database on (default: local postgres)
 *   BENCH_PGLITE=1      run the server (and the baseline) on embedded PGlite instead
 *   BENCH_SECONDS       seconds per measured load run (default 6)
 *   BENCH_ROUNDS        rounds, each loading GraphQL then the baseline (default 3)
 *   BENCH_CONNECTIONS   autocannon connections (default 10)
 *   BENCH_KEEP=1        keep the bench database afterwards, to look at plans
 *   BENCH_AFTER_SEED_SQL  SQL to run after seeding (try an index before it is in a migration)
 *   BENCH_WORKERS       worker processes of each server on PostgreSQL (default: one per core, as
 *                       `npm start` runs)
 *   BENCH_PARTS         which measurements: feed, fanout, votes, notify, chat, uploads, maps
 *                       (default all seven; uploads writes a 1 GB file twice under the temp
 *                       directory; maps opens the maps in Chromium)
 *   BENCH_UPLOADS_S3=1  the uploads part stores into a local S3 (s3rver in the bench process)
 *   BENCH_FANOUT_SECONDS  seconds with the live subscribers (default 60; the baseline phase is a third)
 *   BENCH_CPU_PROFILE=f  PGlite: write a .cpuprofile of the server's thread during the first GraphQL
 *                        load run and print where its time went; PostgreSQL: a directory where every
 *                        GraphQL server process writes one (node --cpu-prof) for the whole run.
 *                        `tsx tests/bench/profile.ts file` prints a summary of one.
 */
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const USE_PGLITE = process.env.BENCH_PGLITE === '1';
const SECONDS = Number(process.env.BENCH_SECONDS || 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const WORKERS = Number(process.env.BENCH_WORKERS || os.availableParallelism());
const PROFILE = process.env.BENCH_CPU_PROFILE ?? '';
const PARTS = new Set(
  (process.env.BENCH_PARTS || 'feed,fanout,votes,notify,chat,uploads,maps').split(','),
);
/** The issue's voting scenario: this many people vote on one solution at once. */
const VOTERS = 200;
const FANOUT_SECONDS = Number(process.env.BENCH_FANOUT_SECONDS || 60);
/** The issue's scenario: 200 people following the feed while 5 stories a second arrive. */
const FANOUT = { subscribers: 200, writers: 50, storiesPerSecond: 5, readRate: 100 } as const;
const WARMUP_SECONDS = 3;
const DEEP_PAGE = 2_000;
const PAGE = 20;

const FEED_QUERY = `query Feed($first: Int, $after: String) {
  stories(first: $first, after: $after) {
    items {
      id story tags createdAt
      author { id displayName photoURL role }
      counters { totalReactions totalComments }
      canEdit isAnonymousPost isDraft
      reaction bookmarked
    }
    last
  }
}`;
const CURSOR_QUERY = `query Walk($first: Int, $after: String) { stories(first: $first, after: $after) { last } }`;

interface FeedPage {
  items: { id: string }[];
  last: string | null;
}

type Running = Awaited<ReturnType<typeof startServer>>;

/** A server under load: where to send requests and where its CPU time is read. */
interface MeasuredServer {
  url: string;
  cpu: ServerCpu;
}

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

function serverEnv(dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The maps part opens the app in Chromium; the other parts need only the API.
    CLIENT_DIST: PARTS.has('maps') ? CLIENT_DIST : path.join(dataDir, 'no-client'),
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
}

async function postFeed(
  url: string,
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<FeedPage> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: { stories: FeedPage }; errors?: unknown[] };
  if (!body.data || body.errors)
    throw new Error(`feed request failed: ${JSON.stringify(body.errors)}`);
  return body.data.stories;
}

const graphqlTarget = (
  url: string,
  token: string,
  variables: Record<string, unknown>,
  name: string,
): LoadTarget => ({
  name,
  url: `${url}/graphql`,
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ query: FEED_QUERY, variables }),
});

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Sequential requests, one at a time, timed with hrtime: latency without queueing. */
async function timeOne(run: () => Promise<unknown>) {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Statements one feed request issues, by page size; `snapshot` reads cumulative counters. */
async function countStatements(url: string, token: string, snapshot: () => MessageCounts) {
  const rows: { size: number; perRequest: MessageCounts }[] = [];
  const repeats = 20;
  for (const size of [10, 20, 50]) {
    for (let i = 0; i < 3; i++) await postFeed(url, token, FEED_QUERY, { first: size }); // warm (prepared statements)
    const before = snapshot();
    for (let i = 0; i < repeats; i++) await postFeed(url, token, FEED_QUERY, { first: size });
    const delta = diffCounts(snapshot(), before);
    const per = (value: number) => Math.round((value / repeats) * 100) / 100;
    rows.push({
      size,
      perRequest: {
        query: per(delta.query),
        parse: per(delta.parse),
        bind: per(delta.bind),
        execute: per(delta.execute),
        sync: per(delta.sync),
        flush: per(delta.flush),
      },
    });
  }
  return rows;
}

function table(headers: string[], rows: (string | number)[][]) {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    line(cells[0]!),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...cells.slice(1).map(line),
  ].join('\n');
}

async function main() {
  // Built before any server starts: a server reads its CLIENT_DIST once, at start.
  if (PARTS.has('maps')) ensureClientBuilt();
  const startedAt = Date.now();
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse())
      await step().catch((error: unknown) => log(`cleanup: ${String(error)}`));
  };
  try {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bumps-bench-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    // 1. A fresh database and the real server on it (migrations applied by startServer).
    let databaseUrl: string | undefined;
    if (!USE_PGLITE) {
      const name = `bench_${randomBytes(5).toString('hex')}`;
      const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      await admin.end({ timeout: 5 });
      cleanups.push(async () => {
        if (process.env.BENCH_KEEP === '1') return log(`kept database ${name} (BENCH_KEEP=1)`);
        const dropper = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
        try {
          await dropper.unsafe(`drop database if exists ${name} with (force)`);
        } finally {
          await dropper.end({ timeout: 5 });
        }
      });
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      log(`database ${name}`);
    }
    const server: Running = await startServer(serverEnv(dataDir, databaseUrl));
    cleanups.push(() => server.stop());
    log(`server on ${server.url} (${server.deps.database.kind})`);

    // The bench's own connection: seeding, the baseline's statement (PostgreSQL), SQL-only timings.
    const direct = databaseUrl ? postgres(databaseUrl, { max: 10, onnotice: () => {} }) : null;
    if (direct) cleanups.push(() => direct.end({ timeout: 5 }));
    const pglite = USE_PGLITE
      ? (
          server.deps.db as unknown as {
            $client: {
              exec(text: string): Promise<unknown>;
              query<T>(text: string, params?: unknown[], options?: object): Promise<{ rows: T[] }>;
            };
          }
        ).$client
      : null;

    // 2. Seed with set-based SQL on one session (seeded random), then ANALYZE.
    let seeded = Date.now();
    if (direct) {
      await direct.begin(async (tx) => {
        const exec: Exec = (text) => tx.unsafe(text);
        await seed(exec);
        await seedCommentThread(exec);
      });
    } else {
      await seed((text) => pglite!.exec(text));
      await seedCommentThread((text) => pglite!.exec(text));
    }
    // Trying a schema change before it is in a migration (an index, say): SQL run after seeding.
    const afterSeed = process.env.BENCH_AFTER_SEED_SQL;
    if (afterSeed) {
      if (direct) await direct.unsafe(afterSeed);
      else await pglite!.exec(afterSeed);
      log(`ran BENCH_AFTER_SEED_SQL: ${afterSeed}`);
    }
    seeded = Date.now() - seeded;
    log(`seeded ${BENCH.stories.toLocaleString('en')} stories in ${(seeded / 1000).toFixed(1)} s`);

    // The viewer: a real lucia session for one of the seeded users, sent as a Bearer token.
    const { token } = await server.deps.sessions.create(BENCH.viewerId);

    // 3. The measured pair. On PostgreSQL both run as processes of their own, deployed alike: the
    // app as `npm start` runs it (WORKERS worker processes, one per core by default) and the
    // baseline with as many workers. On PGlite both run in this process's main thread, as PGlite
    // deploys (one process).
    let measured: { graphql: MeasuredServer; baseline: MeasuredServer };
    if (databaseUrl) {
      const graphqlPort = await freePort();
      const app = await spawnServer({
        entry: 'server/src/main.ts',
        env: {
          ...serverEnv(dataDir, databaseUrl),
          PORT: String(graphqlPort),
          LOG_LEVEL: 'warn',
          WEB_CONCURRENCY: String(WORKERS),
        },
        nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE)}`] : [],
        workers: WORKERS,
        readyUrl: `http://127.0.0.1:${graphqlPort}/readyz`,
        url: `http://127.0.0.1:${graphqlPort}`,
      });
      cleanups.push(() => app.stop());
      const baselinePort = await freePort();
      const baselineUrl = `http://127.0.0.1:${baselinePort}/feed`;
      const baselineServer = await spawnServer({
        entry: 'tests/bench/baseline-server.ts',
        env: {
          DATABASE_URL: databaseUrl,
          PORT: String(baselinePort),
          WORKERS: String(WORKERS),
          SPACE_ID: BENCH.space,
        },
        workers: WORKERS,
        readyUrl: `${baselineUrl}?first=1`,
        url: baselineUrl,
      });
      cleanups.push(() => baselineServer.stop());
      measured = {
        graphql: { url: app.url, cpu: { kind: 'process-tree', root: app.pid } },
        baseline: { url: baselineUrl, cpu: { kind: 'process-tree', root: baselineServer.pid } },
      };
    } else {
      const baseline: Baseline = await startBaseline(
        async (params) => (await pglite!.query<BaselineRow>(BASELINE_FEED_SQL, params)).rows[0]!,
        BENCH.space,
      );
      cleanups.push(() => baseline.close());
      measured = {
        graphql: { url: server.url, cpu: { kind: 'this-thread' } },
        baseline: { url: baseline.url, cpu: { kind: 'this-thread' } },
      };
    }
    const workers = databaseUrl ? WORKERS : 1;
    const localDatabase =
      direct !== null && ['127.0.0.1', 'localhost', '::1'].includes(new URL(databaseUrl!).hostname);
    const backendPids = async () =>
      localDatabase
        ? (
            await direct!<
              { pid: number }[]
            >`select pid from pg_stat_activity where datname = current_database()`
          ).map((row) => row.pid)
        : [];

    // Live fan-out, on the same measured server, with seeded people as subscribers and writers.
    const runFanout = async () => {
      const sessionsOf = async (from: number, count: number) =>
        Promise.all(
          Array.from({ length: count }, async (_, i) => {
            const id = `bench-user-${String(from + i).padStart(4, '0')}`;
            return (await server.deps.sessions.create(id)).token;
          }),
        );
      const options: FanoutOptions = {
        url: measured.graphql.url,
        cpu: measured.graphql.cpu,
        backendPids,
        subscriberTokens: await sessionsOf(101, FANOUT.subscribers),
        writerTokens: await sessionsOf(501, FANOUT.writers),
        readTarget: graphqlTarget(measured.graphql.url, token, { first: PAGE }, 'feed reads'),
        readRate: FANOUT.readRate,
        storiesPerSecond: FANOUT.storiesPerSecond,
        baselineSeconds: Math.max(10, Math.round(FANOUT_SECONDS / 3)),
        seconds: FANOUT_SECONDS,
        log,
      };
      return fanoutReport(await measureFanout(options), options);
    };
    // 200 seeded people (ids 801–1000, apart from the fan-out's) vote on a solution the viewer posts.
    const runVotes = async () => {
      const voterTokens = await Promise.all(
        Array.from({ length: VOTERS }, async (_, i) => {
          const id = `bench-user-${String(801 + i).padStart(4, '0')}`;
          return (await server.deps.sessions.create(id)).token;
        }),
      );
      return measureVotes({ url: measured.graphql.url, authorToken: token, voterTokens, log });
    };
    // A problem watched by 10,000 people; comments on it; 200 watchers listening live.
    const runNotify = async () => {
      const exec: Exec = direct ? (text) => direct.unsafe(text) : (text) => pglite!.exec(text);
      const sessionOn = (running: Running) => async (userId: string) =>
        (await running.deps.sessions.create(userId)).token;
      if (!databaseUrl)
        return measureNotify({
          url: measured.graphql.url,
          exec,
          sessionFor: sessionOn(server),
          authorToken: token,
          log,
        });
      const proxy = await startCountingProxy(databaseUrl);
      const countDir = await mkdtemp(path.join(os.tmpdir(), 'bumps-bench-count-'));
      const counted = await startServer(serverEnv(countDir, proxy.url));
      try {
        return await measureNotify({
          url: measured.graphql.url,
          exec,
          sessionFor: sessionOn(server),
          authorToken: token,
          counted: { url: counted.url, sessionFor: sessionOn(counted), snapshot: proxy.snapshot },
          log,
        });
      } finally {
        await counted.stop();
        await proxy.close();
        await rm(countDir, { recursive: true, force: true });
      }
    };
    // One group chat: on PostgreSQL two single-process servers of their own (chat-server.ts, with
    // its memory hook on the first); on PGlite the bench's own server, one process.
    const runChat = async () => {
      const exec: Exec = direct ? (text) => direct.unsafe(text) : (text) => pglite!.exec(text);
      const sessionFor = async (userId: string) =>
        (await server.deps.sessions.create(userId)).token;
      const chatOptions = { exec, sessionFor, senderId: BENCH.viewerId, log };
      if (!databaseUrl)
        return measureChat({ ...chatOptions, a: { url: server.url }, transport: 'in memory' });
      const chatServer = async (memoryPort?: number): Promise<ChatServer> => {
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const running = await spawnServer({
          entry: 'tests/bench/chat-server.ts',
          env: {
            ...serverEnv(dataDir, databaseUrl),
            PORT: String(port),
            LOG_LEVEL: 'warn',
            ...(memoryPort && { MEMORY_PORT: String(memoryPort) }),
          },
          nodeArgs: ['--expose-gc'],
          workers: 1,
          readyUrl: `${url}/readyz`,
          url,
        });
        cleanups.push(() => running.stop());
        return {
          url,
          memory: memoryPort
            ? async () =>
                (await (
                  await fetch(`http://127.0.0.1:${memoryPort}/`)
                ).json()) as NodeJS.MemoryUsage
            : undefined,
        };
      };
      const [a, b] = await Promise.all([chatServer(await freePort()), chatServer()]);
      return measureChat({ ...chatOptions, a, b, transport: 'PostgreSQL NOTIFY' });
    };
    // Media: uploads to one server process of its own (PostgreSQL; its RSS is sampled), then the
    // location sort on the measured server. PGlite runs one process: the bench's own is sampled.
    const runUploads = async () => {
      const exec: Exec = direct ? (text) => direct.unsafe(text) : (text) => pglite!.exec(text);
      const tokens = await Promise.all(
        Array.from({ length: UPLOAD_BENCH.people }, async (_, i) => {
          const id = `bench-user-${String(2 + i).padStart(4, '0')}`;
          return (await server.deps.sessions.create(id)).token;
        }),
      );
      let uploadServer: UploadServer;
      const s3 = process.env.BENCH_UPLOADS_S3 === '1' ? await startLocalS3() : null;
      if (s3) cleanups.push(() => s3.stop());
      if (databaseUrl) {
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const running = await spawnServer({
          entry: 'tests/bench/chat-server.ts',
          env: {
            ...serverEnv(dataDir, databaseUrl),
            PORT: String(port),
            LOG_LEVEL: 'warn',
            ...s3?.env,
          },
          workers: 1,
          readyUrl: `${url}/readyz`,
          url,
        });
        cleanups.push(() => running.stop());
        uploadServer = {
          url,
          pid: running.pid,
          description: `one process of its own, storing on ${s3 ? 'S3 (s3rver)' : 'the local disk'}`,
        };
      } else
        uploadServer = {
          url: server.url,
          pid: process.pid,
          description: 'the bench process (PGlite: server and client in one process)',
        };
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'bumps-bench-uploads-'));
      cleanups.push(() => rm(workDir, { recursive: true, force: true }));
      return [
        ...(await measureUploads({ server: uploadServer, tokens, spaceId: 'ww', workDir, log })),
        ...(await measureNearby({ url: measured.graphql.url, token, exec, spaceId: 'ww', log })),
      ];
    };
    // A map of 2,000 nodes and 4,000 links against one of 20, on the server and in Chromium.
    const runMaps = async () => {
      const exec: Exec = direct ? (text) => direct.unsafe(text) : (text) => pglite!.exec(text);
      return measureMaps({
        url: measured.graphql.url,
        token,
        exec,
        spaceId: 'ww',
        authorId: BENCH.viewerId,
        log,
      });
    };
    if (!PARTS.has('feed')) {
      const lines = [
        ...(PARTS.has('votes') ? await runVotes() : []),
        ...(PARTS.has('fanout') ? await runFanout() : []),
        ...(PARTS.has('notify') ? await runNotify() : []),
        ...(PARTS.has('chat') ? await runChat() : []),
        ...(PARTS.has('uploads') ? await runUploads() : []),
        ...(PARTS.has('maps') ? await runMaps() : []),
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
      return;
    }

    // Both answer the same page.
    const graphqlPage = await postFeed(measured.graphql.url, token, FEED_QUERY, { first: PAGE });
    const baselineResponse = await fetch(`${measured.baseline.url}?first=${PAGE}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const baselinePage = ((await baselineResponse.json()) as { data: { stories: FeedPage } }).data
      .stories;
    const sameIds =
      JSON.stringify(graphqlPage.items.map((item) => item.id)) ===
      JSON.stringify(baselinePage.items.map((item) => item.id));
    if (!sameIds || graphqlPage.items.length !== PAGE || graphqlPage.last !== baselinePage.last) {
      throw new Error('the GraphQL feed and the baseline disagree on page 1');
    }

    // 4. Statements per feed request, by page size.
    let statementMethod: string;
    let statements: Awaited<ReturnType<typeof countStatements>>;
    let threadStatements: string[];
    if (databaseUrl) {
      // A second instance of the same server whose postgres.js connections pass through a counting
      // proxy; the measured server above talks to PostgreSQL directly.
      const proxy = await startCountingProxy(databaseUrl);
      const countDir = await mkdtemp(path.join(os.tmpdir(), 'bumps-bench-count-'));
      const counted = await startServer(serverEnv(countDir, proxy.url));
      try {
        const { token: countToken } = await counted.deps.sessions.create(BENCH.viewerId);
        statements = await countStatements(counted.url, countToken, proxy.snapshot);
        threadStatements = await countThreadStatements(
          counted.url,
          countToken,
          THREAD_STORY_ID,
          proxy.snapshot,
        );
      } finally {
        await counted.stop();
        await proxy.close();
        await rm(countDir, { recursive: true, force: true });
      }
      statementMethod =
        'wire count: a second server instance connects through a TCP proxy that reads the PostgreSQL frontend protocol ' +
        '(statements = Execute + simple Query messages; round trips = Sync + Flush + simple Query), 20 sequential requests per size after 3 warm-up requests';
    } else {
      const client = pglite!;
      const counts: MessageCounts = { query: 0, parse: 0, bind: 0, execute: 0, sync: 0, flush: 0 };
      const query = client.query.bind(client);
      const exec = client.exec.bind(client);
      client.query = ((...args: Parameters<typeof client.query>) => {
        counts.execute++;
        return query(...args);
      }) as typeof client.query;
      client.exec = (text: string) => {
        counts.query++;
        return exec(text);
      };
      statements = await countStatements(server.url, token, () => ({ ...counts }));
      threadStatements = await countThreadStatements(server.url, token, THREAD_STORY_ID, () => ({
        ...counts,
      }));
      client.query = query;
      client.exec = exec;
      statementMethod =
        "PGlite: calls to the PGlite client's query()/exec() counted while 20 sequential requests per size ran";
    }
    log('statements counted');

    // 5. Throughput and latency under load: warm both, then measure both.
    const targets: LoadTarget[] = [
      graphqlTarget(
        measured.graphql.url,
        token,
        { first: PAGE },
        'GraphQL feed (Apollo + type-graphql + Drizzle)',
      ),
      {
        name: 'baseline (one SQL statement, node:http)',
        url: `${measured.baseline.url}?first=${PAGE}`,
        method: 'GET',
        headers: { authorization: `Bearer ${token}` },
      },
    ];
    for (const target of targets)
      await load(target, { connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    // Rounds alternate the two targets, so a slow patch of the machine (a shared host's neighbours)
    // hits both sides alike; the ratio reported is the median of the rounds' ratios.
    const rounds: [LoadResult, LoadResult][] = [];
    const cpuSources = [measured.graphql.cpu, measured.baseline.cpu];
    const cpu = targets.map(() => ({ server: 0, postgres: 0 }));
    for (let round = 1; round <= ROUNDS; round++) {
      const pair: LoadResult[] = [];
      for (const [index, target] of targets.entries()) {
        log(`round ${round}/${ROUNDS}: loading ${target.name} for ${SECONDS} s`);
        const profile =
          round === 1 && index === 0 && PROFILE && !databaseUrl ? await startProfile() : null;
        const pidsBefore = await backendPids();
        const before = snapshotCpu(cpuSources[index]!, pidsBefore);
        pair.push(await load(target, { connections: CONNECTIONS, seconds: SECONDS }));
        const spent = cpuSpent(
          before,
          snapshotCpu(cpuSources[index]!, [...new Set([...pidsBefore, ...(await backendPids())])]),
        );
        cpu[index]!.server += spent.server;
        cpu[index]!.postgres += spent.postgres;
        if (profile) log(`CPU profile of the GraphQL run: ${await profile.stop(PROFILE)}`);
      }
      rounds.push(pair as [LoadResult, LoadResult]);
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    };
    /** One target over all rounds: requests/s over the whole time, latencies as the rounds' medians. */
    const overRounds = (index: 0 | 1): LoadResult => {
      const runs = rounds.map((pair) => pair[index]);
      const requests = runs.reduce((sum, run) => sum + run.requests, 0);
      return {
        name: runs[0]!.name,
        requestsPerSecond: requests / (SECONDS * ROUNDS),
        p50: median(runs.map((run) => run.p50)),
        p99: median(runs.map((run) => run.p99)),
        requests,
        errors: runs.reduce((sum, run) => sum + run.errors, 0),
        non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
        bytesPerResponse: median(runs.map((run) => run.bytesPerResponse)),
      };
    };
    const results = [overRounds(0), overRounds(1)];
    const [graphql, base] = results as [LoadResult, LoadResult];
    const roundRatios = rounds.map(
      ([graphqlRun, baseRun]) => graphqlRun.requestsPerSecond / baseRun.requestsPerSecond,
    );

    // 6. Page 1 against page 2,000: walk the cursors once, then time both pages one request at a time.
    log(`walking cursors to page ${DEEP_PAGE}`);
    // The cursor after row 39,980 is the same whichever page size reached it: walk with the largest
    // page size the API allows, then with 20, so the walk costs 403 requests rather than 1,999.
    let after: string | null = null;
    let skipped = 0;
    while (skipped < (DEEP_PAGE - 1) * PAGE) {
      const step = (DEEP_PAGE - 1) * PAGE - skipped >= MAX_PAGE_SIZE ? MAX_PAGE_SIZE : PAGE;
      const next: FeedPage = await postFeed(measured.graphql.url, token, CURSOR_QUERY, {
        first: step,
        after,
      });
      if (!next.last) throw new Error(`the feed ended after ${skipped} stories`);
      after = next.last;
      skipped += step;
    }
    const deepPage = await postFeed(measured.graphql.url, token, FEED_QUERY, {
      first: PAGE,
      after,
    });
    if (deepPage.items.length !== PAGE)
      throw new Error(`page ${DEEP_PAGE} has ${deepPage.items.length} items`);
    const samples = { first: [] as number[], deep: [] as number[] };
    for (let i = 0; i < 420; i++) {
      const first = await timeOne(() =>
        postFeed(measured.graphql.url, token, FEED_QUERY, { first: PAGE }),
      );
      const deep = await timeOne(() =>
        postFeed(measured.graphql.url, token, FEED_QUERY, { first: PAGE, after }),
      );
      if (i >= 20) {
        samples.first.push(first);
        samples.deep.push(deep);
      }
    }
    const stats = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    const firstStats = stats(samples.first);
    const deepStats = stats(samples.deep);

    // SQL only (PostgreSQL): the same page by keyset and by OFFSET, to show what keyset saves.
    let sqlOnly: { keyset: number; keysetRow: number; offset: number; keysetFirst: number } | null =
      null;
    let listPlan = '';
    if (direct) {
      const cursor = Buffer.from(after!, 'base64url').toString().split('|');
      const [at, id] = [cursor[1]!, cursor.slice(2).join('|')];
      const listed = `space_id = 'ww' and is_draft = false and is_approved = true`;
      const order = `order by created_at desc, id desc limit ${PAGE + 1}`;
      const timeSql = async (text: string, params: (string | number)[]) => {
        for (let i = 0; i < 5; i++) await direct.unsafe(text, params, { prepare: true });
        const times: number[] = [];
        for (let i = 0; i < 100; i++)
          times.push(await timeOne(() => direct.unsafe(text, params, { prepare: true })));
        return stats(times).p50;
      };
      // Which plan the page-1 list statement gets: a sequential scan means the feed index does not serve
      // `order by created_at desc, id desc` (every figure above is then the database's, not the stack's).
      const [explained] = await direct.unsafe<{ 'QUERY PLAN': unknown }[]>(
        `explain (format json) select id from stories where ${listed} ${order}`,
      );
      const scans: string[] = [];
      const walk = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        const plan = node as { 'Node Type'?: string; 'Index Name'?: string; Plans?: unknown[] };
        if (plan['Node Type']?.includes('Scan'))
          scans.push(
            `${plan['Node Type']}${plan['Index Name'] ? ` using ${plan['Index Name']}` : ''}`,
          );
        for (const child of plan.Plans ?? []) walk(child);
      };
      walk((explained!['QUERY PLAN'] as { Plan: unknown }[])[0]!.Plan);
      listPlan = scans.join(', ');
      sqlOnly = {
        keysetFirst: await timeSql(`select id from stories where ${listed} ${order}`, []),
        keyset: await timeSql(
          `select id from stories where ${listed} and (created_at < $1 or (created_at = $1 and id < $2)) ${order}`,
          [at, id],
        ),
        keysetRow: await timeSql(
          `select id from stories where ${listed} and (created_at, id) < ($1, $2) ${order}`,
          [at, id],
        ),
        offset: await timeSql(`select id from stories where ${listed} ${order} offset $1`, [
          (DEEP_PAGE - 1) * PAGE,
        ]),
      };
    }

    // 7. The report.
    const ratio = median(roundRatios);
    const cpus = os.cpus();
    const out: string[] = [];
    out.push('');
    out.push(`Bumps feed benchmark — ${new Date().toISOString()}`);
    out.push(
      `machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
        `Node ${process.version}, database: ${USE_PGLITE ? 'PGlite (embedded, in-process)' : 'PostgreSQL (' + new URL(ADMIN_URL).host + ')'}`,
    );
    out.push(
      `data: ${BENCH.users.toLocaleString('en')} users, ${BENCH.tags} tags, ${BENCH.stories.toLocaleString('en')} stories in '${BENCH.space}' ` +
        `(seeded in ${(seeded / 1000).toFixed(1)} s); viewer signed in (Bearer); page size ${PAGE}`,
    );
    out.push(
      `servers: ${
        databaseUrl
          ? `each its own processes, ${workers} worker${workers > 1 ? 's' : ''} (node:cluster), as npm start runs on PostgreSQL`
          : 'both in the bench process (PGlite runs in one process)'
      }`,
    );
    out.push(
      `load: autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds alternating the two, ${SECONDS} s each, after ${WARMUP_SECONDS} s warm-up; load generator in a worker thread`,
    );
    out.push('');
    out.push(
      table(
        ['feed, 20 stories', 'req/s', 'p50 ms', 'p99 ms', 'bytes/resp', 'errors'],
        results.map((result) => [
          result.name,
          Math.round(result.requestsPerSecond),
          result.p50,
          result.p99,
          Math.round(result.bytesPerResponse),
          result.errors + result.non2xx,
        ]),
      ),
    );
    out.push('');
    out.push(
      `ratio GraphQL / baseline: throughput ${ratio.toFixed(2)}, the median of the rounds' ${roundRatios.map((value) => value.toFixed(2)).join(', ')} (goal ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'}` +
        `${listPlan && !listPlan.includes('Index') ? ', but both sides wait on the same sequential scan: see the plan below' : ''}), ` +
        `p50 latency ×${(graphql.p50 / Math.max(base.p50, 1)).toFixed(1)}, p99 latency ×${(graphql.p99 / Math.max(base.p99, 1)).toFixed(1)}`,
    );
    if (cpuAvailable()) {
      const perRequest = results.map((result, index) => ({
        server: cpu[index]!.server / Math.max(result.requests, 1),
        postgres: cpu[index]!.postgres / Math.max(result.requests, 1),
      }));
      out.push('');
      out.push(
        table(
          [
            'CPU per request (from /proc)',
            databaseUrl ? 'server processes ms' : 'server thread ms',
            'PostgreSQL ms',
            'total ms',
          ],
          results.map((result, index) => [
            result.name,
            perRequest[index]!.server.toFixed(3),
            localDatabase
              ? perRequest[index]!.postgres.toFixed(3)
              : USE_PGLITE
                ? '(in the server thread)'
                : '(remote: not read)',
            (perRequest[index]!.server + perRequest[index]!.postgres).toFixed(3),
          ]),
        ),
      );
      const [graphqlCpu, baseCpu] = perRequest as [
        { server: number; postgres: number },
        { server: number; postgres: number },
      ];
      out.push(
        `ratio by CPU cost (baseline CPU / GraphQL CPU per request; what the throughput ratio tends to when CPU, not ` +
          `the scheduler, is the limit): ${((baseCpu.server + baseCpu.postgres) / (graphqlCpu.server + graphqlCpu.postgres)).toFixed(2)}; ` +
          `load average during the run ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
      );
    }
    out.push('');
    out.push(
      table(
        [
          'page size',
          'statements / request',
          'round trips',
          'Parse',
          'Bind',
          'Execute',
          'simple Query',
        ],
        statements.map(({ size, perRequest }) => {
          const wire = (value: number) => (USE_PGLITE ? 'n/a' : value); // PGlite has no wire protocol to read
          return [
            size,
            perRequest.execute + perRequest.query,
            wire(perRequest.sync + perRequest.flush + perRequest.query),
            wire(perRequest.parse),
            wire(perRequest.bind),
            perRequest.execute,
            perRequest.query,
          ];
        }),
      ),
    );
    const totals = statements.map(({ perRequest }) => perRequest.execute + perRequest.query);
    out.push(
      `statement count ${totals.every((total) => total === totals[0]) ? 'constant' : 'GROWS'} across page sizes; baseline: 1 statement. ` +
        `method: ${statementMethod}`,
    );
    out.push(...threadStatements);
    out.push('');
    out.push(
      table(
        ['GraphQL feed, one request at a time (400 each)', 'p50 ms', 'p99 ms'],
        [
          ['page 1', ms(firstStats.p50), ms(firstStats.p99)],
          [
            `page ${DEEP_PAGE.toLocaleString('en')} (keyset cursor)`,
            ms(deepStats.p50),
            ms(deepStats.p99),
          ],
        ],
      ),
    );
    out.push(
      `page ${DEEP_PAGE.toLocaleString('en')} / page 1 at p50: ×${(deepStats.p50 / firstStats.p50).toFixed(2)}`,
    );
    if (sqlOnly) {
      out.push(
        `list statement alone (SQL, p50 of 100): page 1 ${ms(sqlOnly.keysetFirst)} ms; page ${DEEP_PAGE.toLocaleString('en')}: ` +
          `keyset written as a < x or (a = x and id < y), ${ms(sqlOnly.keyset)} ms; ` +
          `keyset as a row comparison (what the server sends), (a, id) < (x, y), ${ms(sqlOnly.keysetRow)} ms; ` +
          `OFFSET ${((DEEP_PAGE - 1) * PAGE).toLocaleString('en')} ${ms(sqlOnly.offset)} ms`,
      );
      out.push(
        `plan of the page-1 list statement: ${listPlan}` +
          (listPlan.includes('Index')
            ? ''
            : '  ← no index serves the feed order: the figures above measure a sequential scan'),
      );
    }
    if (PARTS.has('votes')) out.push(...(await runVotes()));
    if (PARTS.has('fanout')) out.push(...(await runFanout()));
    if (PARTS.has('notify')) out.push(...(await runNotify()));
    if (PARTS.has('chat')) out.push(...(await runChat()));
    if (PARTS.has('uploads')) out.push(...(await runUploads()));
    if (PARTS.has('maps')) out.push(...(await runMaps()));
    out.push('');
    out.push(`total run ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
