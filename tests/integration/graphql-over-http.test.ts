import http from 'node:http';
import { auditServer } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, type GqlError } from '../helpers/clients';
import { STORY_FIELDS, signUpVerified, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * /graphql against the GraphQL-over-HTTP spec: graphql-http's own audit, the status a refused
 * document gets by what the client accepts, and which GET requests run.
 */
let server: TestServer;
let person: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUpVerified(server);
});
afterAll(async () => {
  await server?.stop();
});

const JSON_TYPE = 'application/json';
const GRAPHQL_RESPONSE = 'application/graphql-response+json';

interface Answer {
  status: number;
  contentType: string;
  body: { data?: unknown; errors?: GqlError[] };
}

/** `POST /graphql` with a JSON body and this Accept; none at all when `accept` is null. */
async function post(body: string | object, accept: string | null): Promise<Answer> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  // fetch sends `Accept: */*` when given none: node:http sends exactly the headers named.
  const url = new URL('/graphql', server.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': JSON_TYPE, ...(accept !== null && { accept }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? '',
            body: JSON.parse(text) as Answer['body'],
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe("graphql-http's server audit", () => {
  it('passes every MUST and SHOULD', async () => {
    const results = await auditServer({ url: `${server.url}/graphql` });
    const unmet = results.flatMap((result) =>
      result.status === 'ok' ? [] : [`${result.status} ${result.name}: ${result.reason}`],
    );
    expect(unmet.filter((line) => !line.startsWith('notice '))).toEqual([]);
    // Optional (MAY) and left out on purpose: a GET must carry a header a cross-site page cannot
    // send without a preflight (Apollo's CSRF prevention), and the audit's GETs carry none.
    expect(unmet.map((line) => line.split(':')[0])).toEqual([
      'notice MAY accept application/x-www-form-urlencoded formatted GET requests',
      'notice MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/graphql-response+json',
      'notice MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/json',
    ]);
  });
});

describe('the status of a document refused before it runs', () => {
  const page = (alias: string) => `${alias}: stories(first: $n) { items { ${STORY_FIELDS} } }`;
  const costly = `query($n: Int) { ${page('a')} ${page('b')} ${page('c')} }`;
  const refused: Array<[string, object, string]> = [
    ['a syntax error', { query: '{' }, 'GRAPHQL_PARSE_FAILED'],
    ['an unknown field', { query: '{ nope }' }, 'GRAPHQL_VALIDATION_FAILED'],
    [
      'too many aliases',
      { query: `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: __typename`).join(' ')} }` },
      'GRAPHQL_VALIDATION_FAILED',
    ],
    [
      'an unknown operation name',
      { query: 'query A { __typename }', operationName: 'B' },
      'OPERATION_RESOLUTION_FAILURE',
    ],
    [
      'a variable that does not coerce',
      {
        query: 'query($name: String!) { __type(name: $name) { name } }',
        variables: { name: null },
      },
      'BAD_USER_INPUT',
    ],
    ['a query past the cost limit', { query: costly, variables: { n: 100 } }, 'BAD_USER_INPUT'],
  ];

  it.each(refused)(
    'answers %s with 200 if only application/json is accepted, with 400 if the newer type may be',
    async (_name, body, code) => {
      const onlyJson = [
        JSON_TYPE,
        `${JSON_TYPE}; charset=utf-8`,
        `${JSON_TYPE}, ${GRAPHQL_RESPONSE};q=0`,
      ];
      for (const accept of onlyJson) {
        const answer = await post(body, accept);
        expect(answer.status).toBe(200);
        expect(answer.contentType).toMatch(/^application\/json/u);
        expect(answer.body.errors?.[0]?.extensions?.code).toBe(code);
        expect(answer.body).not.toHaveProperty('data');
      }
      // Apollo Client sends the second; `*/*` and no Accept at all take the newer type too.
      const newerToo = [
        GRAPHQL_RESPONSE,
        `${GRAPHQL_RESPONSE}, ${JSON_TYPE};q=0.9`,
        `${JSON_TYPE}, ${GRAPHQL_RESPONSE}`,
        '*/*',
        null,
      ];
      for (const accept of newerToo) {
        const answer = await post(body, accept);
        expect(answer.status).toBe(400);
        expect(answer.body.errors?.[0]?.extensions?.code).toBe(code);
        expect(answer.body).not.toHaveProperty('data');
      }
    },
  );

  it('keeps 400 for a malformed request where a refused document gets 200', async () => {
    expect((await post({ query: '{' }, JSON_TYPE)).status).toBe(200);
    const malformed = [
      '{"query": "{ __typename }"',
      { notquery: '{ __typename }' },
      { query: '{ __typename }', variables: 'text' },
      { query: 'subscription { storyAdded { id } }' },
    ];
    for (const body of malformed) {
      const answer = await post(body, JSON_TYPE);
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    }
  });
});

describe('GET', () => {
  const get = (query: string, headers: Record<string, string>) =>
    fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`, { headers });

  it('answers a query that carries a Bearer token and no apollo-require-preflight', async () => {
    const response = await get('{ me { id } }', { authorization: `Bearer ${person.token}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { me: { id: person.id } } });
  });

  it('refuses a mutation with 405 even with a Bearer token, and nothing happens', async () => {
    const response = await get('mutation { signOut }', {
      authorization: `Bearer ${person.token}`,
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    const me = await gqlData<{ me: { id: string } | null }>(
      server.url,
      '{ me { id } }',
      {},
      { token: person.token },
    );
    expect(me.me?.id).toBe(person.id);
  });
});
