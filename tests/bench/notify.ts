import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { gqlData } from '../helpers/clients';
import { diffCounts, type MessageCounts } from '../helpers/count-proxy';
import type { Exec } from './seed';

/**
 * The issue's notification scenario: a problem watched by 10,000 people, and comments on it. Each
 * comment makes or updates 10,000 notifications in one set-based statement inside the comment's
 * transaction. Measured: the commenter's request latency (p50 / p99 over a few comments, one at
 * a time), the statements one comment request issues (wire count, when a counted server is
 * given), and the time from sending a comment until the last of the connected watchers'
 * `notificationsChanged` subscriptions receives it.
 */
export const NOTIFY = {
  watchers: 10_000,
  /** Watchers with a live subscription (websockets), among the 10,000. */
  connected: 200,
  comments: 20,
} as const;

export interface NotifyBenchOptions {
  url: string;
  /** Runs seeding SQL on the bench database. */
  exec: Exec;
  /** A session token for a seeded user id. */
  sessionFor: (userId: string) => Promise<string>;
  /** The problem's author. */
  authorToken: string;
  /** The same server's twin connected through the counting proxy (PostgreSQL only). */
  counted?: {
    url: string;
    sessionFor: (userId: string) => Promise<string>;
    snapshot: () => MessageCounts;
  };
  log: (message: string) => void;
}

const watcherId = (n: number) => `bench-watcher-${String(n).padStart(5, '0')}`;
/** Commenters are seeded bench users 2–41 (a comment each: under the per-person rate limit). */
const commenterId = (n: number) => `bench-user-${String(2 + n).padStart(4, '0')}`;

const ADD_COMMENT = `mutation($input: AddCommentInput!) { addComment(input: $input) { id } }`;

const comment = (url: string, token: string, problemId: string, n: number) =>
  gqlData(
    url,
    ADD_COMMENT,
    {
      input: { itemType: 'problems', itemId: problemId, commentHTML: `<p>Bench comment ${n}</p>` },
    },
    { token },
  );

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

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
    client.on('error', () => reject(new Error('a bench watcher could not connect')));
  });
  return client;
}

export async function measureNotify(options: NotifyBenchOptions): Promise<string[]> {
  const { url, exec, log } = options;
  const { createProblem } = await gqlData<{ createProblem: { id: string } }>(
    url,
    `
      mutation ($input: CreateProblemInput!) {
        createProblem(input: $input) {
          id
        }
      }
    `,
    {
      input: {
        name: 'Watched by ten thousand',
        description: '<p>Everyone in town follows this one #water</p>',
      },
    },
    { token: options.authorToken },
  );
  const problemId = createProblem.id;
  log(`notify: seeding ${NOTIFY.watchers} watchers of problem ${problemId}`);
  await exec(`
    insert into users (id, email, hashed_password, email_verified, display_name, role, created_at)
    select 'bench-watcher-' || lpad(g::text, 5, '0'), 'watcher' || g || '@example.test',
           'not-a-real-hash', true, 'Watcher ' || g, 'person', now()
    from generate_series(1, ${NOTIFY.watchers}) g
    on conflict do nothing`);
  await exec(`
    insert into item_watches (user_id, item_type, item_id, level)
    select 'bench-watcher-' || lpad(g::text, 5, '0'), 'problems', '${problemId}', 'everything'
    from generate_series(1, ${NOTIFY.watchers}) g`);
  await exec(`analyze users; analyze item_watches`);

  log(`notify: connecting ${NOTIFY.connected} watchers' subscriptions`);
  const clients: Client[] = [];
  /** Per connected watcher, when each change arrived (ms, performance.now()). */
  const arrivals: number[][] = [];
  const waiters = new Set<() => void>();
  for (let i = 0; i < NOTIFY.connected; i++) {
    // Spread over the 10,000, so the connected ones are not the first rows of anything.
    const token = await options.sessionFor(watcherId(1 + i * (NOTIFY.watchers / NOTIFY.connected)));
    const client = await connect(url, token);
    clients.push(client);
    const own: number[] = [];
    arrivals.push(own);
    client.subscribe(
      { query: `subscription { notificationsChanged { totalNotifications notification { id } } }` },
      {
        next: () => {
          own.push(performance.now());
          waiters.forEach((wake) => wake());
        },
        error: (error) => log(`watcher subscription error: ${JSON.stringify(error)}`),
        complete: () => {},
      },
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const everyoneHas = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`not every watcher received comment ${count} within 30 s`));
      }, 30_000);
      const check = () => {
        if (arrivals.every((own) => own.length >= count)) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
      check();
    });

  const requestMs: number[] = [];
  const lastDeliveryMs: number[] = [];
  try {
    for (let n = 0; n < NOTIFY.comments; n++) {
      const token = await options.sessionFor(commenterId(n));
      const sent = performance.now();
      await comment(url, token, problemId, n);
      requestMs.push(performance.now() - sent);
      await everyoneHas(n + 1);
      lastDeliveryMs.push(Math.max(...arrivals.map((own) => own[n]!)) - sent);
    }
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }

  // postgres.js answers the rows; PGlite's exec a list of results with rows.
  const answer = (await exec(
    `select count(*)::int as count from notifications where group_key = 'comment:problems:${problemId}'`,
  )) as { count: number }[] | { rows: { count: number }[] }[];
  const first = answer[0]!;
  const made = 'rows' in first ? first.rows[0]!.count : first.count;

  let statementLine =
    'statements per comment request: not counted (PGlite has no wire protocol to read)';
  if (options.counted) {
    const { counted } = options;
    const countComment = async (n: number) => {
      const token = await counted.sessionFor(commenterId(NOTIFY.comments + n));
      const before = counted.snapshot();
      await comment(counted.url, token, problemId, NOTIFY.comments + n);
      const delta = diffCounts(counted.snapshot(), before);
      return delta.execute + delta.query;
    };
    await countComment(0); // warm: prepared statements
    const statements = await countComment(1);
    statementLine =
      `statements per comment request (wire count through the proxy, whole request: session, rate limit, ` +
      `visibility, lock, insert, counters, watch, and the one notifying insert … select … on conflict): ${statements}`;
  }

  const deliveredInOrder = [...lastDeliveryMs];
  requestMs.sort((a, b) => a - b);
  lastDeliveryMs.sort((a, b) => a - b);
  return [
    '',
    `Notifications: a problem watched by ${NOTIFY.watchers.toLocaleString('en')} people, ${NOTIFY.comments} comments ` +
      `one at a time by different people; ${NOTIFY.connected} of the watchers subscribed to notificationsChanged`,
    `notification rows of the problem's comment group after the run: ${made} (one per watcher and author, grouped)`,
    `commenter's request: p50 ${ms(percentile(requestMs, 50))} ms, p99 ${ms(percentile(requestMs, 99))} ms, max ${ms(requestMs.at(-1)!)} ms`,
    `until the last of the ${NOTIFY.connected} subscriptions received the comment (from sending it): ` +
      `p50 ${ms(percentile(lastDeliveryMs, 50))} ms, p99 ${ms(percentile(lastDeliveryMs, 99))} ms, ` +
      `in order sent: ${deliveredInOrder.map(ms).join(', ')}`,
    statementLine,
  ];
}
