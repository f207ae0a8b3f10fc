import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { Exec } from './seed';

/**
 * The issue's chat scenario: one group of 5,000 members in the global space. Measured:
 *  - delivery latency, from sending a message (sendChatMessage) to its `chatMessageEvents` event
 *    at each of 1,000 subscribers (one websocket each), p50 and p99 over every delivery: with the
 *    sender on the subscribers' process, and with the sender on a second process (the event then
 *    crosses PostgreSQL NOTIFY, or Redis when `redisUrl` is given to the processes);
 *  - the server's memory per idle subscription: RSS (after a full GC, through chat-server.ts's
 *    bench-only hook) with 5,000 websockets each holding one idle `chatMessageEvents`
 *    subscription, minus RSS with none, divided by 5,000; the websockets alone (connected, no
 *    subscription) are measured in between to show what the socket costs and what the
 *    subscription adds.
 * Messages go one at a time, every SEND_INTERVAL_MS (a busy group, not a flood), so a figure is a
 * message's own delivery and not a queue's. They come from SENDERS members in turn, as in a busy
 * group: one person sending four a second would meet the chat limit (RATE_LIMITS.chatMessage).
 */
export const CHAT_BENCH = {
  members: 5_000,
  subscribers: 1_000,
  warmupMessages: 5,
  messages: 40,
  conversationId: 'bench-chat-group',
} as const;
const SEND_INTERVAL_MS = 250;
const SENDERS = 10;
const CONNECT_BATCH = 100;

export interface ChatServer {
  url: string;
  /** chat-server.ts's memory hook (full GC, then process.memoryUsage()); absent in-process. */
  memory?: () => Promise<NodeJS.MemoryUsage>;
}

export interface ChatBenchOptions {
  exec: Exec;
  sessionFor: (userId: string) => Promise<string>;
  /** The process the subscribers connect to. */
  a: ChatServer;
  /** A second process on the same database (PostgreSQL only). */
  b?: ChatServer;
  /** The sender: a seeded bench user, made a member of the group. */
  senderId: string;
  /** What carries events between a and b, for the report. */
  transport: string;
  log: (message: string) => void;
}

const memberId = (n: number) => `bench-chatter-${String(n).padStart(5, '0')}`;

const MESSAGE_EVENTS = `subscription Chat($conversationId: ID!) {
  chatMessageEvents(conversationId: $conversationId) {
    change messageId
    message { id conversationId text createdAt editedAt author { id displayName photoURL } reactions { emoji count } }
  }
}`;
const SEND = `mutation Send($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function seedGroup(exec: Exec, senderId: string) {
  await exec(`
    insert into users (id, email, hashed_password, email_verified, display_name, role, created_at)
    select 'bench-chatter-' || lpad(g::text, 5, '0'), 'chatter' || g || '@example.test',
           'not-a-real-hash', true, 'Chatter ' || g, 'person', now()
    from generate_series(1, ${CHAT_BENCH.members}) g
    on conflict do nothing`);
  await exec(`
    insert into chat_conversations (id, type, name, space_id, author_id)
    values ('${CHAT_BENCH.conversationId}', 'group', 'Bench chat', 'ww', '${senderId}')
    on conflict do nothing`);
  await exec(`
    insert into chat_members (conversation_id, user_id)
    select '${CHAT_BENCH.conversationId}', 'bench-chatter-' || lpad(g::text, 5, '0')
    from generate_series(1, ${CHAT_BENCH.members}) g
    union all select '${CHAT_BENCH.conversationId}', '${senderId}'
    on conflict do nothing`);
  await exec(`analyze users; analyze chat_members`);
}

async function connect(url: string, token: string): Promise<Client> {
  const client = createClient({
    url: `${url.replace(/^http/u, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { token },
    lazy: false,
    retryAttempts: 0,
  });
  await new Promise<void>((resolve, reject) => {
    const refused = () => reject(new Error('a chat bench subscriber could not connect'));
    const timer = setTimeout(refused, 30_000);
    client.on('connected', () => {
      clearTimeout(timer);
      resolve();
    });
    client.on('error', refused);
    client.on('closed', refused);
  });
  return client;
}

/** One more try after a refused or timed-out connection (a server still closing thousands). */
const connectRetrying = (url: string, token: string) =>
  connect(url, token).catch(async () => {
    await sleep(2000);
    return connect(url, token);
  });

/** Connects one websocket per token, CONNECT_BATCH at a time. */
async function connectAll(url: string, tokens: string[]) {
  const clients: Client[] = [];
  for (let i = 0; i < tokens.length; i += CONNECT_BATCH)
    clients.push(
      ...(await Promise.all(
        tokens.slice(i, i + CONNECT_BATCH).map((token) => connectRetrying(url, token)),
      )),
    );
  return clients;
}

/** Receipt times of every subscriber, by message id. */
type Arrivals = Map<string, number>[];

function subscribeAll(clients: Client[], log: (message: string) => void): Arrivals {
  return clients.map((client) => {
    const own = new Map<string, number>();
    client.subscribe<{ chatMessageEvents: { change: string; messageId: string } }>(
      { query: MESSAGE_EVENTS, variables: { conversationId: CHAT_BENCH.conversationId } },
      {
        next: (result) => {
          const event = result.data?.chatMessageEvents;
          if (event?.change === 'added') own.set(event.messageId, performance.now());
          else if (result.errors) log(`chat subscription error: ${JSON.stringify(result.errors)}`);
        },
        error: (error) => log(`chat subscription error: ${JSON.stringify(error)}`),
        complete: () => {},
      },
    );
    return own;
  });
}

/**
 * Sends one message; a 503 (the server still busy setting up thousands of subscriptions) is
 * retried after its Retry-After, timed from the retry.
 */
async function send(url: string, token: string, n: number): Promise<{ id: string; sent: number }> {
  const id = randomUUID();
  const sent = performance.now();
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: SEND,
      variables: {
        input: {
          id,
          conversationId: CHAT_BENCH.conversationId,
          text: `<p>Bench message ${n}</p>`,
        },
      },
    }),
  });
  const body = (await response.json()) as {
    data?: unknown;
    errors?: { extensions?: { code?: string; retryAfterSeconds?: number } }[];
  };
  const unavailable = body.errors?.find((error) => error.extensions?.code === 'UNAVAILABLE');
  if (unavailable) {
    await sleep((unavailable.extensions?.retryAfterSeconds ?? 1) * 1000);
    return send(url, token, n);
  }
  if (!body.data || body.errors) throw new Error(`sending failed: ${JSON.stringify(body.errors)}`);
  return { id, sent };
}

/** Waits until every subscriber has every one of `ids` (or 30 s pass). */
async function everyoneHas(arrivals: Arrivals, ids: string[]) {
  const deadline = Date.now() + 30_000;
  while (!arrivals.every((own) => ids.every((id) => own.has(id)))) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/**
 * Sends `count` messages through `url` from `senders` in turn, one every SEND_INTERVAL_MS;
 * latencies of every delivery.
 */
async function deliveries(url: string, senders: string[], arrivals: Arrivals, count: number) {
  const sends: { id: string; sent: number }[] = [];
  for (let n = 0; n < count; n++) {
    const started = performance.now();
    sends.push(await send(url, senders[n % senders.length]!, n));
    await sleep(Math.max(0, SEND_INTERVAL_MS - (performance.now() - started)));
  }
  const complete = await everyoneHas(
    arrivals,
    sends.map((message) => message.id),
  );
  const latencies: number[] = [];
  for (const { id, sent } of sends)
    for (const own of arrivals) {
      const at = own.get(id);
      if (at !== undefined) latencies.push(at - sent);
    }
  latencies.sort((x, y) => x - y);
  return {
    delivered: latencies.length,
    expected: count * arrivals.length,
    complete,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  };
}

export async function measureChat(options: ChatBenchOptions): Promise<string[]> {
  const { a, b, log } = options;
  log(`chat: seeding a group of ${CHAT_BENCH.members.toLocaleString('en')} members`);
  await seedGroup(options.exec, options.senderId);
  const senderToken = await options.sessionFor(options.senderId);
  const tokens: string[] = [];
  for (let i = 0; i < CHAT_BENCH.members; i += 50)
    tokens.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, CHAT_BENCH.members - i) }, (_, k) =>
          options.sessionFor(memberId(i + k + 1)),
        ),
      )),
    );
  // The sender and the last members (never subscribers) take turns sending.
  const senders = [senderToken, ...tokens.slice(-(SENDERS - 1))];
  const lines: string[] = [
    '',
    `Chat: one group of ${CHAT_BENCH.members.toLocaleString('en')} members; ${CHAT_BENCH.messages} messages, ` +
      `one every ${SEND_INTERVAL_MS} ms after ${CHAT_BENCH.warmupMessages} warm-up ones; ` +
      `subscribers each on a websocket of their own (graphql-ws), chatMessageEvents with the message`,
  ];

  // Memory first, on a server that has served chat (JIT, prepared statements, caches) but holds
  // no subscription yet.
  if (a.memory) {
    log('chat: warming up the memory measurement');
    const warm = await connectAll(a.url, tokens.slice(0, 50));
    const warmArrivals = subscribeAll(warm, log);
    await sleep(1000);
    await deliveries(a.url, senders, warmArrivals, CHAT_BENCH.warmupMessages);
    await Promise.all(warm.map((client) => client.dispose()));
    await sleep(2000);
    const none = await a.memory();
    log(`chat: connecting ${CHAT_BENCH.members.toLocaleString('en')} websockets`);
    const clients = await connectAll(a.url, tokens);
    await sleep(2000);
    const sockets = await a.memory();
    const arrivals = subscribeAll(clients, log);
    // Measured once every subscription is live (each received a message), then idle again.
    const check = await send(a.url, senderToken, -1);
    const allLive = await everyoneHas(arrivals, [check.id]);
    await sleep(2000);
    const subscribed = await a.memory();
    await Promise.all(clients.map((client) => client.dispose()));
    await sleep(5000); // the server writes 5,000 people offline
    log(
      `chat: RSS ${none.rss} → ${sockets.rss} (sockets) → ${subscribed.rss} (subscribed); ` +
        `heap ${none.heapUsed} → ${subscribed.heapUsed}`,
    );
    const perSubscription = (subscribed.rss - none.rss) / CHAT_BENCH.members;
    const goal = perSubscription < 60 * 1024;
    lines.push(
      '',
      `memory (RSS after a full GC, one server process): ${(none.rss / 2 ** 20).toFixed(1)} MiB with no subscriber, ` +
        `${(sockets.rss / 2 ** 20).toFixed(1)} MiB with ${CHAT_BENCH.members.toLocaleString('en')} websockets connected, ` +
        `${(subscribed.rss / 2 ** 20).toFixed(1)} MiB with each holding one idle chatMessageEvents subscription` +
        `${allLive ? '' : ' (NOT every subscription received the check message)'}`,
      `per idle subscription, websocket included: ${kb(perSubscription)} KB ` +
        `(socket ${kb((sockets.rss - none.rss) / CHAT_BENCH.members)} KB + subscription ${kb((subscribed.rss - sockets.rss) / CHAT_BENCH.members)} KB; ` +
        `JS heap ${kb((subscribed.heapUsed - none.heapUsed) / CHAT_BENCH.members)} KB of it) ` +
        `(goal < 60 KB: ${goal ? 'met' : 'NOT met'})`,
    );
  } else {
    lines.push(
      '',
      'memory per idle subscription: measured on PostgreSQL only (a server process of its own)',
    );
  }

  log(`chat: connecting ${CHAT_BENCH.subscribers} subscribers`);
  const clients = await connectAll(a.url, tokens.slice(0, CHAT_BENCH.subscribers));
  const arrivals = subscribeAll(clients, log);
  await sleep(2000);
  const rows: string[] = [];
  const row = (name: string, result: Awaited<ReturnType<typeof deliveries>>, goalMs: number) =>
    `| ${name} | ${result.delivered.toLocaleString('en')} of ${result.expected.toLocaleString('en')} | ` +
    `${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.max)} | < ${goalMs}: ${result.p99 < goalMs && result.complete ? 'met' : 'NOT met'} |`;
  try {
    log('chat: one process');
    await deliveries(a.url, senders, arrivals, CHAT_BENCH.warmupMessages);
    rows.push(
      row(
        'sender and subscribers on one process',
        await deliveries(a.url, senders, arrivals, CHAT_BENCH.messages),
        100,
      ),
    );
    if (b) {
      log(`chat: across two processes (${options.transport})`);
      await deliveries(b.url, senders, arrivals, CHAT_BENCH.warmupMessages);
      rows.push(
        row(
          `sender on another process (${options.transport})`,
          await deliveries(b.url, senders, arrivals, CHAT_BENCH.messages),
          150,
        ),
      );
    }
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }
  lines.push(
    '',
    `delivery latency, message sent → each of ${CHAT_BENCH.subscribers.toLocaleString('en')} subscribers has it:`,
    '',
    '| where | deliveries | p50 ms | p99 ms | max ms | goal p99 ms |',
    '|---|---|---|---|---|---|',
    ...rows,
  );
  return lines;
}
