import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, subscribe } from '../helpers/clients';
import { STORY_FIELDS, signUpVerified, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let person: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUpVerified(server);
});
afterAll(async () => {
  await server?.stop();
});

/** `__schema { types { fields { type { ofType { ofType … } } } } }`: the schema's only unbounded nesting. */
const deepIntrospection = (levels: number) =>
  `{ __schema { types { fields { type { ${'ofType { '.repeat(levels)}name${' }'.repeat(levels)} } } } } }`;
const page = (alias: string, first = 100) =>
  `${alias}: stories(first: ${first}) { items { ${STORY_FIELDS} } last }`;

describe('operation limits', () => {
  it('refuses a too-deep query with "Query is too deep"', async () => {
    const result = await gql(server.url, deepIntrospection(14));
    expect(result.status).toBe(400);
    // Apollo labels every validation-rule error GRAPHQL_VALIDATION_FAILED; the message says which limit.
    expect(result.errors?.[0]).toMatchObject({
      message: 'Query is too deep',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(result.data).toBeUndefined();
  });

  it('still answers introspection of ordinary depth (GraphiQL and codegen use it)', async () => {
    const result = await gql<{ __schema: { types: unknown[] } }>(server.url, deepIntrospection(6));
    expect(result.errors).toBeUndefined();
    expect(result.data?.__schema.types.length).toBeGreaterThan(10);
  });

  it('refuses a too-costly query with "Query is too complex"', async () => {
    const result = await gql(
      server.url,
      `{ ${page('a')} ${page('b')} ${page('c')} }`,
      {},
      { token: person.token },
    );
    expect(result.status).toBe(400);
    expect(result.errors).toEqual([
      expect.objectContaining({
        message: 'Query is too complex',
        extensions: { code: 'BAD_USER_INPUT' },
      }),
    ]);
    expect(result.data).toBeUndefined();
  });

  it('counts page sizes passed as variables too', async () => {
    const query = `query($n: Int) { a: stories(first: $n) { items { ${STORY_FIELDS} } } b: stories(first: $n) { items { ${STORY_FIELDS} } } c: stories(first: $n) { items { ${STORY_FIELDS} } } }`;
    expect((await gql(server.url, query, { n: 5 })).errors).toBeUndefined();
    expect((await gql(server.url, query, { n: 100 })).errors?.[0]?.message).toBe(
      'Query is too complex',
    );
  });

  it('allows one full page of 100 stories', async () => {
    const result = await gql(server.url, `{ ${page('feed')} }`);
    expect(result.errors).toBeUndefined();
    expect(result.status).toBe(200);
  });

  it('refuses more than 30 aliases with "Query has too many aliases"', async () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: me { id }`).join(' ');
    const result = await gql(server.url, `{ ${aliases} }`, {}, { token: person.token });
    expect(result.status).toBe(400);
    expect(result.errors?.[0]).toMatchObject({ message: 'Query has too many aliases' });
  });

  it('applies the same limits to subscriptions over websockets', async () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: id`).join(' ');
    const refused = await subscribe(server.url, `subscription { storyAdded { ${aliases} } }`);
    await expect(refused.take(1, 3000)).rejects.toThrow(/Query has too many aliases/u);
    await refused.close();
  });
});

describe('transport rules', () => {
  it('refuses a subscription sent over HTTP and points to websockets', async () => {
    const result = await gql(server.url, `subscription { storyAdded { id } }`);
    expect(result.status).toBe(400);
    expect(result.errors?.[0]?.message).toBe(
      'Subscriptions are served over websockets (graphql-ws) at /graphql',
    );
  });

  it('blocks a GET query without a preflight header as a possible CSRF', async () => {
    const response = await fetch(
      `${server.url}/graphql?query=${encodeURIComponent('{ me { id } }')}`,
      {
        headers: { cookie: `session=${person.token}` },
      },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/Cross-Site Request Forgery|CSRF/u);
  });

  it('blocks a POST with a simple-request content type (text/plain) as a possible CSRF', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: `session=${person.token}` },
      body: JSON.stringify({ query: 'mutation { signOut }' }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/CSRF/u);
    // The session survived the attempt.
    const me = await gql<{ me: { id: string } | null }>(
      server.url,
      `{ me { id } }`,
      {},
      { token: person.token },
    );
    expect(me.data?.me?.id).toBe(person.id);
  });

  it('answers a GET query that carries the preflight header', async () => {
    const response = await fetch(
      `${server.url}/graphql?query=${encodeURIComponent('{ me { id } }')}`,
      {
        headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${person.token}` },
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { me: { id: person.id } } });
  });

  it('refuses a mutation over GET', async () => {
    const response = await fetch(
      `${server.url}/graphql?query=${encodeURIComponent('mutation { signOut }')}`,
      {
        headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${person.token}` },
      },
    );
    expect(response.status).toBe(405);
  });

  it('answers a body that is not JSON with 400 and a GraphQL-shaped error', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": "{ me { id } }"',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        { message: 'The request body is not valid JSON', extensions: { code: 'BAD_REQUEST' } },
      ],
    });
  });

  it('refuses a body over 1 MB with 413 before reading all of it', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ me { id } } # ${'x'.repeat(1024 * 1024)}` }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'The request body is larger than 1 MB',
    );
  });

  it('hides internals: an unknown field is a validation error, not a stack trace', async () => {
    const result = await gql(server.url, `{ nope }`);
    expect(result.status).toBe(400);
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(JSON.stringify(result.errors)).not.toMatch(/stacktrace|at .*\.ts/u);
  });
});

describe('health', () => {
  it('/healthz says the process is alive', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz says the database answers', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('tags every response with a request id, GraphQL ones too', async () => {
    const response = await fetch(`${server.url}/healthz`, {
      headers: { 'x-request-id': 'trace-me-123' },
    });
    expect(response.headers.get('x-request-id')).toBe('trace-me-123');
    const graphql = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-graphql-9' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(graphql.headers.get('x-request-id')).toBe('trace-graphql-9');
    expect((await fetch(`${server.url}/healthz`)).headers.get('x-request-id')).toMatch(
      /^[0-9a-f-]{36}$/u,
    );
  });
});
