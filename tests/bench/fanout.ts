import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { cpuSpent, snapshotCpu, type ServerCpu } from './cpu';
import { load, type LoadResult, type LoadTarget } from './load';

/**
 * Live fan-out under load: subscribers follow the space feed over graphql-ws while stories arrive
 * at a steady rate and a steady read load runs. Measured twice on the same server, without and
 * then with the subscribers, so what the subscribers cost shows as the difference: request latency
 * with and without them, delivery latency (from sending the story to a subscriber receiving it),
 * and the server's CPU per delivery (the CPU the second phase spent beyond the first, per delivery).
 */

const STORY_ADDED = `subscription Live { storyAdded {
  id story tags createdAt isAnonymousPost isDraft canEdit
  author { id displayName photoURL role }
  counters { totalReactions totalComments }
} }`;
const CREATE_STORY = `mutation Post($input: CreateStoryInput!) { createStory(input: $input) { id } }`;

export interface FanoutOptions {
  url: string;
  cpu: ServerCpu;
  backendPids: () => Promise<number[]>;
  subscriberTokens: string[];
  /** Enough authors that the posting limit (per person) never refuses the steady stream. */
  writerTokens: string[];
  /** The read load: the recent feed as one signed-in person reads it. */
  readTarget: LoadTarget;
  readRate: number;
  storiesPerSecond: number;
  baselineSeconds: number;
  seconds: number;
  log: (message: string) => void;
}

export interface PhaseResult {
  seconds: number;
  stories: number;
  reads: LoadResult;
  /** Posting a story: p50/p99 of the mutation's own latency. */
  writes: { p50: number; p99: number };
  cpu: { server: number; postgres: number };
}

export interface FanoutResult {
  subscribers: number;
  without: PhaseResult;
  with: PhaseResult;
  deliveries: number;
  expected: number;
  delivery: { p50: number; p99: number; max: number };
  /** Extra CPU ms per delivery: the with-subscribers phase's CPU per second beyond the baseline's. */
  cpuPerDelivery: { server: number; total: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

async function connect(url: string, token: string): Promise<Client> {
  const client = createClient({
    url: `${url.replace(/^http/u, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { token },
    lazy: false,
    retryAttempts: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.on('connected', () => resolve());
    client.on('error', () => reject(new Error('a bench subscriber could not connect')));
  });
  return client;
}

/** Posts stories at a steady rate for `seconds`; resolves with each story's send time. */
async function postSteadily(options: FanoutOptions, seconds: number) {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const total = Math.round(seconds * options.storiesPerSecond);
  const interval = 1000 / options.storiesPerSecond;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    await sleep(Math.max(0, started + i * interval - performance.now()));
    const token = options.writerTokens[i % options.writerTokens.length]!;
    const sent = performance.now();
    pending.push(
      fetch(`${options.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: CREATE_STORY,
          variables: { input: { story: `<p>Live story ${i} from the bench #fanout</p>` } },
        }),
      })
        .then((response) => response.json() as Promise<{ data?: { createStory: { id: string } } }>)
        .then((body) => {
          if (!body.data) throw new Error(`posting failed: ${JSON.stringify(body)}`);
          latencies.push(performance.now() - sent);
          sentAt.set(body.data.createStory.id, sent);
        }),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { sentAt, writes: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) } };
}

/** One phase: the steady writes and reads together, with the CPU they cost. */
async function phase(options: FanoutOptions, seconds: number) {
  const pidsBefore = await options.backendPids();
  const before = snapshotCpu(options.cpu, pidsBefore);
  const [reads, posted] = await Promise.all([
    load(options.readTarget, { connections: 10, seconds, rate: options.readRate }),
    postSteadily(options, seconds),
  ]);
  // Let the last deliveries land before reading the CPU.
  await sleep(1000);
  const cpu = cpuSpent(
    before,
    snapshotCpu(options.cpu, [...new Set([...pidsBefore, ...(await options.backendPids())])]),
  );
  const result: PhaseResult = {
    seconds,
    stories: posted.sentAt.size,
    reads,
    writes: posted.writes,
    cpu,
  };
  return { result, sentAt: posted.sentAt };
}

/** Warms the server (JIT, prepared statements, pool) so the first phase is not measured cold. */
const WARMUP_SECONDS = 5;

export async function measureFanout(options: FanoutOptions): Promise<FanoutResult> {
  options.log(`fan-out: ${WARMUP_SECONDS} s warm-up`);
  await phase(options, WARMUP_SECONDS);
  options.log(`fan-out: ${options.baselineSeconds} s of reads and posts without subscribers`);
  const without = await phase(options, options.baselineSeconds);

  options.log(`fan-out: connecting ${options.subscriberTokens.length} subscribers`);
  const received: { id: string; at: number }[] = [];
  const clients: Client[] = [];
  for (const token of options.subscriberTokens) {
    const client = await connect(options.url, token);
    clients.push(client);
    client.subscribe<{ storyAdded: { id: string } }>(
      { query: STORY_ADDED },
      {
        next: (result) => {
          if (result.data) received.push({ id: result.data.storyAdded.id, at: performance.now() });
        },
        error: (error) => options.log(`subscriber error: ${JSON.stringify(error)}`),
        complete: () => {},
      },
    );
  }
  await sleep(2000); // every subscription is listening before the first story

  options.log(`fan-out: ${options.seconds} s of reads and posts with the subscribers`);
  const withSubscribers = await phase(options, options.seconds);
  await Promise.all(clients.map((client) => client.dispose()));

  const latencies = received
    .map(({ id, at }) => {
      const sent = withSubscribers.sentAt.get(id);
      return sent === undefined ? null : at - sent;
    })
    .filter((latency): latency is number => latency !== null)
    .sort((a, b) => a - b);
  const deliveries = latencies.length;
  const perSecond = (result: PhaseResult) => ({
    server: result.cpu.server / result.seconds,
    total: (result.cpu.server + result.cpu.postgres) / result.seconds,
  });
  const [base, loaded] = [perSecond(without.result), perSecond(withSubscribers.result)];
  const deliveriesPerSecond = deliveries / options.seconds;
  return {
    subscribers: clients.length,
    without: without.result,
    with: withSubscribers.result,
    deliveries,
    expected: withSubscribers.result.stories * clients.length,
    delivery: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
    },
    cpuPerDelivery: {
      server: Math.max(0, loaded.server - base.server) / Math.max(deliveriesPerSecond, 1),
      total: Math.max(0, loaded.total - base.total) / Math.max(deliveriesPerSecond, 1),
    },
  };
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));

/** The report lines of a fan-out run, goals included. */
export function fanoutReport(result: FanoutResult, options: FanoutOptions): string[] {
  const row = (name: string, phase: PhaseResult) =>
    `| ${name} | ${Math.round(phase.reads.requestsPerSecond)} | ${ms(phase.reads.p50)} / ${ms(phase.reads.p99)} | ` +
    `${ms(phase.writes.p50)} / ${ms(phase.writes.p99)} | ${phase.stories} | ` +
    `${((phase.cpu.server + phase.cpu.postgres) / phase.seconds / 10).toFixed(0)} % |`;
  const cpuGoal = result.cpuPerDelivery.server <= 0.2;
  const latencyGoal = result.delivery.p99 < 250;
  const readsGoal = result.with.reads.p99 <= Math.max(result.without.reads.p99 * 1.5, 10);
  return [
    '',
    `Live fan-out: ${result.subscribers} storyAdded subscribers (graphql-ws), ${options.storiesPerSecond} stories/s posted, ` +
      `reads of the feed at ${options.readRate} req/s (10 connections); ${options.baselineSeconds} s without subscribers, then ${options.seconds} s with them`,
    '',
    '| phase | reads/s | read p50 / p99 ms | post p50 / p99 ms | stories | CPU (server + PostgreSQL, % of one core) |',
    '|---|---|---|---|---|---|',
    row('without subscribers', result.without),
    row(`with ${result.subscribers} subscribers`, result.with),
    '',
    `deliveries: ${result.deliveries.toLocaleString('en')} of ${result.expected.toLocaleString('en')} expected; ` +
      `delivery latency (story sent → subscriber has it) p50 ${ms(result.delivery.p50)} ms, p99 ${ms(result.delivery.p99)} ms, max ${ms(result.delivery.max)} ms ` +
      `(goal p99 < 250 ms: ${latencyGoal ? 'met' : 'NOT met'})`,
    `CPU per delivery, beyond the same load without subscribers: server ${result.cpuPerDelivery.server.toFixed(3)} ms, ` +
      `server + PostgreSQL ${result.cpuPerDelivery.total.toFixed(3)} ms (goal server ≤ 0.2 ms: ${cpuGoal ? 'met' : 'NOT met'})`,
    `read latency with subscribers: p99 ${ms(result.with.reads.p99)} ms against ${ms(result.without.reads.p99)} ms without ` +
      `(goal: as without subscribers: ${readsGoal ? 'met' : 'NOT met'})`,
  ];
}
