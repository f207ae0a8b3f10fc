import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORIES, signUpVerified, type TestUser } from '../helpers/factories';
import { createPgCluster, pgClusterAvailable, type PgCluster } from '../helpers/pg-cluster';
import { startTestServerOn, type TestServer } from '../helpers/server';
import { until } from '../helpers/until';

/**
 * PostgreSQL going away under load: the server answers 503 with Retry-After (never 500), its
 * readiness check says so within a second, no request waits without bound, and it recovers by
 * itself. The test runs its own PostgreSQL cluster, so restarting it disturbs no other test file.
 */

/** The server's deadline in this file (REQUEST_TIMEOUT_MS), shorter than the default's 15 s. */
const DEADLINE_MS = 3000;
/** The longest any request may take, outage or not: the deadline and a little. */
const REQUEST_BOUND_MS = DEADLINE_MS + 2000;

interface Answer {
  kind: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  code: string | null;
  at: number;
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !pgClusterAvailable())(
  'PostgreSQL restarting under load (needs TEST_DATABASE_URL and the PostgreSQL server binaries)',
  () => {
    let cluster: PgCluster;
    let server: TestServer;
    let reader: TestUser;

    beforeAll(async () => {
      cluster = await createPgCluster();
      server = await startTestServerOn(cluster.url, { REQUEST_TIMEOUT_MS: String(DEADLINE_MS) });
      reader = await signUpVerified(server, { displayName: 'Reader' });
    });
    afterAll(async () => {
      await server?.stop();
      await cluster?.destroy();
    });

    /** One request of a kind a signed-in person makes, timed, with what came back. */
    async function request(kind: 'graphql' | 'rest' | 'ready'): Promise<Answer> {
      const started = Date.now();
      const response =
        kind === 'graphql'
          ? await fetch(`${server.url}/graphql`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${reader.token}`,
              },
              body: JSON.stringify({ query: STORIES, variables: { first: 5 } }),
              signal: AbortSignal.timeout(REQUEST_BOUND_MS * 2),
            })
          : await fetch(
              `${server.url}${kind === 'rest' ? '/api/list/v2?path=stories' : '/readyz'}`,
              {
                headers: { authorization: `Bearer ${reader.token}` },
                signal: AbortSignal.timeout(REQUEST_BOUND_MS * 2),
              },
            );
      const text = await response.text();
      let code: string | null = null;
      try {
        const body = JSON.parse(text) as {
          errors?: { extensions?: { code?: string } }[];
          error?: { code?: string };
        };
        code = body.errors?.[0]?.extensions?.code ?? body.error?.code ?? null;
      } catch {
        code = 'not json';
      }
      return {
        kind,
        status: response.status,
        ms: Date.now() - started,
        retryAfter: response.headers.get('retry-after'),
        code,
        at: started,
      };
    }

    it('answers 503 with Retry-After while it is down, never 500, and recovers by itself', async () => {
      const answers: Answer[] = [];
      let running = true;
      const loop = async (kind: 'graphql' | 'rest') => {
        while (running) answers.push(await request(kind));
      };
      const load = Promise.all([
        loop('graphql'),
        loop('graphql'),
        loop('graphql'),
        loop('rest'),
        loop('rest'),
      ]);

      const startedSince = (at: number) => answers.filter((answer) => answer.at >= at).length;
      await until(() => answers.length >= 10, 'answers before the outage');
      await cluster.stop();
      const downAt = Date.now();
      const readiness = await request('ready');
      await until(() => startedSince(downAt) >= 20, 'answers during the outage');
      await cluster.start();
      const upAt = Date.now();
      // Recovery: requests that start a moment after PostgreSQL is back succeed again.
      await until(() => startedSince(upAt + 1500) >= 10, 'answers after the recovery');
      running = false;
      await load;

      expect(readiness.status).toBe(503);
      expect(readiness.ms).toBeLessThan(1000);

      const duringOutage = answers.filter((answer) => answer.at >= downAt && answer.at < upAt);
      expect(duringOutage.length).toBeGreaterThan(0);
      const unexpected = answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
      expect(unexpected).toEqual([]);
      for (const answer of answers.filter((candidate) => candidate.status === 503)) {
        expect(answer.code).toBe('UNAVAILABLE');
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(REQUEST_BOUND_MS);

      const afterRecovery = answers.filter((answer) => answer.at > upAt + 1500);
      expect(afterRecovery.length).toBeGreaterThan(0);
      expect(afterRecovery.every((answer) => answer.status === 200)).toBe(true);
      expect((await request('ready')).status).toBe(200);
    });

    it('answers within its deadline while PostgreSQL stops answering without closing connections', async () => {
      const answers: Answer[] = [];
      let running = true;
      const loop = async (kind: 'graphql' | 'rest') => {
        while (running) answers.push(await request(kind));
      };
      await request('graphql'); // connections open before the freeze
      await cluster.freeze();
      const frozenAt = Date.now();
      let load: Promise<unknown> = Promise.resolve();
      try {
        load = Promise.all([loop('graphql'), loop('graphql'), loop('rest')]);
        const readiness = await request('ready');
        expect(readiness.status).toBe(503);
        expect(readiness.ms).toBeLessThan(1500);
        // Answers to requests made while frozen: without a deadline, none would ever come.
        await until(
          () => answers.filter((answer) => answer.at >= frozenAt).length >= 6,
          'answers while PostgreSQL is frozen',
        );
      } finally {
        await cluster.thaw();
      }
      const thawedAt = Date.now();
      await until(
        () => answers.filter((answer) => answer.at > thawedAt + 500).length >= 6,
        'answers after the thaw',
      );
      running = false;
      await load;

      const whileFrozen = answers.filter((answer) => answer.at >= frozenAt && answer.at < thawedAt);
      expect(whileFrozen.length).toBeGreaterThan(0);
      expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual(
        [],
      );
      for (const answer of answers.filter((candidate) => candidate.status === 503)) {
        expect(answer.code).toBe('UNAVAILABLE');
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(REQUEST_BOUND_MS);
      // Thawed, the stalled queries finish and new requests are answered again.
      const afterThaw = answers.filter((answer) => answer.at > thawedAt + 500);
      expect(afterThaw.length).toBeGreaterThan(0);
      expect(afterThaw.every((answer) => answer.status === 200)).toBe(true);
    });
  },
);
