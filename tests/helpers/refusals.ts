import { expect } from 'vitest';
import { gql, rest, type RestResult } from './clients';
import type { TestServer } from './server';

/**
 * Assertions that the viewer `as` names is refused as if the item did not exist: NOT_FOUND over
 * GraphQL, 404 over REST. Private content answers exactly like missing content, so nothing leaks
 * that it exists. `as` is read at each assertion, so a describe block may set up before its
 * server and people exist.
 */
export function refusedAsMissing(as: () => { server: Pick<TestServer, 'url'>; token?: string }) {
  return {
    async graphql(query: string, variables: Record<string, unknown>) {
      const { server, token } = as();
      const result = await gql(server.url, query, variables, { token });
      expect(result.errors?.[0]?.extensions?.code, query).toBe('NOT_FOUND');
    },
    async rest(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: Record<string, unknown>) {
      const { server, token } = as();
      expect((await rest(server.url, method, path, body, token)).status, path).toBe(404);
    },
  };
}

/**
 * A REST post refused over its rate limit: 429 with the message, and a Retry-After that runs
 * until the first counted post leaves the window (just under the whole window), not a new window.
 */
export function expectRateLimited(
  response: RestResult<unknown>,
  message: string,
  windowSeconds: number,
) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    success: false,
    error: { code: 'RATE_LIMITED', message, field: null },
  });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
}
