import http from 'node:http';

/**
 * The issue's voting scenario: 200 people vote on one solution at once, each over a connection
 * of its own (a new TCP connection per person, closed after the answer), in two waves: first
 * votes (some up, some down), then everyone switching. After each wave the solution's counters
 * must equal what was sent; the latency of every vote is kept for p50 / p99.
 */

export interface VoteBenchOptions {
  url: string;
  /** The solution's author (authors do not vote on their own solution). */
  authorToken: string;
  voterTokens: string[];
  log: (message: string) => void;
}

interface VoteAnswer {
  counters: { totalUpvotes: number; totalDownvotes: number };
}

const VOTE = (field: 'upvoteSolution' | 'downvoteSolution') =>
  `mutation($id: ID!, $feedback: String) { ${field}(id: $id, feedback: $feedback) { id } }`;

/** One GraphQL POST over a fresh connection (no keep-alive agent): what a new visitor costs. */
function postOnOwnConnection(
  url: string,
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ ms: number; body: { data?: Record<string, unknown>; errors?: unknown[] } }> {
  const payload = JSON.stringify({ query, variables });
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/graphql`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
          connection: 'close',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          try {
            resolve({ ms, body: JSON.parse(Buffer.concat(chunks).toString()) as never });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function graphql<T>(url: string, token: string, query: string, variables = {}) {
  const { body } = await postOnOwnConnection(url, token, query, variables);
  if (!body.data || body.errors) throw new Error(`request failed: ${JSON.stringify(body.errors)}`);
  return body.data as T;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function measureVotes(options: VoteBenchOptions): Promise<string[]> {
  const { url, authorToken, voterTokens, log } = options;
  const { createSolution } = await graphql<{ createSolution: { id: string } }>(
    url,
    authorToken,
    `
      mutation ($input: CreateSolutionInput!) {
        createSolution(input: $input) {
          id
        }
      }
    `,
    { input: { name: 'Bench solution', description: '<p>Everyone votes on this #bench</p>' } },
  );
  const id = createSolution.id;
  const counters = async () =>
    (
      await graphql<{ solution: VoteAnswer }>(
        url,
        authorToken,
        `
          query ($id: ID!) {
            solution(id: $id) {
              counters {
                totalUpvotes
                totalDownvotes
              }
            }
          }
        `,
        { id },
      )
    ).solution.counters;

  /** Every voter at once; `upvotes(i)` says which way voter i votes. */
  const wave = async (name: string, upvotes: (index: number) => boolean) => {
    log(`votes: ${voterTokens.length} people voting at once (${name})`);
    const started = Date.now();
    const answers = await Promise.all(
      voterTokens.map((token, index) =>
        postOnOwnConnection(
          url,
          token,
          VOTE(upvotes(index) ? 'upvoteSolution' : 'downvoteSolution'),
          { id, feedback: index % 4 === 0 ? `Bench feedback from voter ${index}` : null },
        ),
      ),
    );
    const wall = Date.now() - started;
    const failed = answers.filter((answer) => !answer.body.data || answer.body.errors);
    if (failed.length > 0)
      throw new Error(`${failed.length} votes failed: ${JSON.stringify(failed[0]!.body.errors)}`);
    const expected = voterTokens.reduce(
      (sum, _, index) =>
        upvotes(index)
          ? { ...sum, totalUpvotes: sum.totalUpvotes + 1 }
          : { ...sum, totalDownvotes: sum.totalDownvotes + 1 },
      { totalUpvotes: 0, totalDownvotes: 0 },
    );
    const stored = await counters();
    const exact =
      stored.totalUpvotes === expected.totalUpvotes &&
      stored.totalDownvotes === expected.totalDownvotes;
    if (!exact)
      throw new Error(
        `votes: counters ${JSON.stringify(stored)} after ${name}, expected ${JSON.stringify(expected)}`,
      );
    const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    return {
      name,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1)!,
      wall,
      stored,
    };
  };

  // 70 % up, 30 % down; then everyone switches to the other side.
  const first = await wave('first votes', (index) => index % 10 < 7);
  const second = await wave('everyone switches', (index) => index % 10 >= 7);
  const row = (result: typeof first) =>
    `| ${result.name.padEnd(17)} | ${String(voterTokens.length).padStart(6)} | ${result.p50.toFixed(1).padStart(6)} | ${result.p99.toFixed(1).padStart(6)} | ${result.max.toFixed(1).padStart(6)} | ${String(result.wall).padStart(7)} | ${`${result.stored.totalUpvotes} / ${result.stored.totalDownvotes}`.padEnd(13)} |`;
  return [
    '',
    `votes: ${voterTokens.length} people voting on one solution at once, each over its own TCP connection (no keep-alive)`,
    '| wave              | voters | p50 ms | p99 ms | max ms | wall ms | up / down     |',
    '|-------------------|--------|--------|--------|--------|---------|---------------|',
    row(first),
    row(second),
    'totals exact after both waves (checked against what was sent)',
  ];
}
