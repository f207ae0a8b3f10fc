import { expect } from 'vitest';
import { gql, rest } from './clients';
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
