import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import { gql, subscribe, type GqlError } from '../helpers/clients';
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

/** `POST /graphql` with any JSON body, for what the `gql` helper cannot send (operationName, raw variables). */
async function post(body: string | Record<string, unknown>) {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: unknown; errors?: GqlError[] },
  };
}

/** The issue's bomb: F0 spreads F1 `width` times, F1 spreads F2 …, the last fragment holds `leaf`. */
function fragmentBomb(width: number, levels: number, leaf = '__typename', extra = '') {
  const spreads = (level: number) => Array(width).fill(`...F${level}`).join(' ');
  const fragments = Array.from({ length: levels - 1 }, (_, level) => {
    return `fragment F${level} on Query { ${extra} ${spreads(level + 1)} }`;
  });
  return `query { ...F0 } ${fragments.join(' ')} fragment F${levels - 1} on Query { ${leaf} }`;
}

describe('documents that would cost far more than they weigh', () => {
  it('refuses the fragment bomb of the issue (10 spreads × 10 levels, under 1 KB) in milliseconds while /healthz keeps answering', async () => {
    const started = performance.now();
    const refused = post({ query: fragmentBomb(10, 10) });
    const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(3000) });
    expect(health.status).toBe(200);
    const result = await refused;
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.status).toBe(400);
    expect(result.body.errors).toContainEqual(
      expect.objectContaining({ message: 'Query is too complex' }),
    );
    expect(result.body.data).toBeUndefined();
  });

  it.each([
    ['twice as wide', fragmentBomb(20, 7)],
    ['60 levels deep', fragmentBomb(2, 60)],
    ['with fields inside', fragmentBomb(10, 9, 'me { id displayName } __typename', 'me { id }')],
    ['with aliases inside', fragmentBomb(10, 9, 'a: __typename b: __typename', 'x: __typename')],
    [
      'on a nested type',
      `{ me { ...U0 } } ${Array.from(
        { length: 9 },
        (_, i) =>
          `fragment U${i} on User { id ${Array(10)
            .fill(`...U${i + 1}`)
            .join(' ')} }`,
      ).join(' ')} fragment U9 on User { id }`,
    ],
  ])('refuses a fragment bomb %s in milliseconds', async (_name, query) => {
    const started = performance.now();
    const result = await post({ query });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.status).toBe(400);
    expect(result.body.errors).toContainEqual(
      expect.objectContaining({ message: 'Query is too complex' }),
    );
    expect(result.body.data).toBeUndefined();
  });

  it('refuses a document of more than 1,000 tokens before validating it', async () => {
    const result = await post({ query: `{ ${'__typename '.repeat(1001)}}` });
    expect(result.status).toBe(400);
    expect(result.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/1000 tokens/u),
      extensions: { code: 'GRAPHQL_PARSE_FAILED' },
    });
  });

  it('answers 10,000 operations sent without operationName with 400, not 500', async () => {
    const anonymous = await post({ query: '{ __typename } '.repeat(10_000) });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBeTypeOf('string');
    const named = await post({
      query: Array.from({ length: 10_000 }, (_, i) => `query Q${i} { __typename }`).join(' '),
    });
    expect(named.status).toBe(400);
    expect(named.body.errors?.[0]?.extensions?.code).toBeTypeOf('string');
  });

  it('refuses more than 50 directives with "Query has too many directives"', async () => {
    const result = await post({ query: `{ ${'__typename @include(if: true) '.repeat(51)}}` });
    expect(result.status).toBe(400);
    expect(result.body.errors).toContainEqual(
      expect.objectContaining({ message: 'Query has too many directives' }),
    );
  });

  it("still answers GraphiQL's full introspection query", async () => {
    const result = await post({ query: getIntrospectionQuery({ descriptions: true }) });
    expect(result.status).toBe(200);
    expect(result.body.errors).toBeUndefined();
  });
});

describe('bad variables and operation names', () => {
  const STORY_BY_ID = 'query($id: ID!) { story(id: $id) { id } }';

  it('answers a variable of the wrong shape with 400 BAD_USER_INPUT naming the variable', async () => {
    const result = await post({ query: STORY_BY_ID, variables: { id: {} } });
    expect(result.status).toBe(400);
    expect(result.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/\$id/u),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('answers a list variable with hundreds of bad items with 400 BAD_USER_INPUT throughout', async () => {
    const result = await post({
      query: 'query($statuses: [ProblemStatus!]) { problems(statuses: $statuses) { last } }',
      variables: { statuses: Array.from({ length: 500 }, (_, index) => index) },
    });
    expect(result.status).toBe(400);
    // graphql stops after 50 and says so; every error is the request's, none INTERNAL.
    expect(result.body.errors?.length).toBeGreaterThan(50);
    expect(new Set(result.body.errors?.map((error) => error.extensions?.code))).toEqual(
      new Set(['BAD_USER_INPUT']),
    );
  });

  it('answers a list variable nested 100,000 deep with 400, not 500', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const declared = await post(
      `{"query":${JSON.stringify(STORY_BY_ID)},"variables":{"id":${deep}}}`,
    );
    expect(declared.status).toBe(400);
    expect(declared.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    // A variable the operation does not declare is ignored, however deep.
    const ignored = await post(`{"query":"{ __typename }","variables":{"x":${deep}}}`);
    expect(ignored.status).toBe(200);
    expect(ignored.body.data).toEqual({ __typename: 'Query' });
  });

  it('answers an operationName that names no operation with 400', async () => {
    const single = await post({ query: 'query A { __typename }', operationName: 'B' });
    expect(single.status).toBe(400);
    expect(single.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/"B"/u),
      extensions: { code: 'OPERATION_RESOLUTION_FAILURE' },
    });
    const anonymous = await post({ query: '{ __typename }', operationName: 'B' });
    expect(anonymous.status).toBe(400);
    const several = await post({ query: 'query A { __typename } query C { __typename }' });
    expect(several.status).toBe(400);
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

  it('refuses a body over 1 MB with 413 PAYLOAD_TOO_LARGE, as REST does, before reading all of it', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ me { id } } # ${'x'.repeat(1024 * 1024)}` }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      errors: [
        {
          message: 'The request body is larger than 1 MB',
          extensions: { code: 'PAYLOAD_TOO_LARGE' },
        },
      ],
    });
  });

  it('hides internals: an unknown field is a validation error, not a stack trace', async () => {
    const result = await gql(server.url, `{ nope }`);
    expect(result.status).toBe(400);
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(JSON.stringify(result.errors)).not.toMatch(/stacktrace|at .*\.ts/u);
  });
});

describe('stack traces', () => {
  it('never sends one, even when NODE_ENV is not production or test', async () => {
    // Apollo decides from NODE_ENV when the server starts; vitest runs with NODE_ENV=test.
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    const devServer = await startTestServer().finally(() => {
      process.env.NODE_ENV = previous;
    });
    try {
      const unknownField = await gql(devServer.url, `{ nope }`);
      const wrongVariable = await gql(devServer.url, 'query($id: ID!) { story(id: $id) { id } }', {
        id: {},
      });
      expect(unknownField.status).toBe(400);
      expect(wrongVariable.status).toBe(400);
      expect(JSON.stringify([unknownField.errors, wrongVariable.errors])).not.toMatch(
        /stacktrace|\.ts:\d/u,
      );
    } finally {
      await devServer.stop();
    }
  });
});

describe('health', () => {
  it('/healthz says the process is alive', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz says the database answers and live events are heard', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      live: { transport: process.env.TEST_DATABASE_URL ? 'postgres' : 'local', listening: true },
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
