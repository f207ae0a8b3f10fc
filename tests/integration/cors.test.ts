import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, type RestBody } from '../helpers/clients';
import {
  TUS_HEADERS,
  postProblem,
  signUpVerified,
  uploadMetadata,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Pages of the origins in CORS_ORIGINS may call the API (GraphQL, REST, uploads) from the browser
 * with a Bearer token: their preflights are answered and their answers name them. Nothing is ever
 * granted with credentials, and any other origin gets no CORS header. A listed origin is still not
 * this site: a write relying on the session cookie is refused from it as from anywhere else.
 */
const CLIENT = 'https://client.example';
const LOCAL_CLIENT = 'http://localhost:5173';

let server: TestServer;
let person: TestUser;
beforeAll(async () => {
  server = await startTestServer({ CORS_ORIGINS: `${CLIENT}, ${LOCAL_CLIENT}/` });
  person = await signUpVerified(server, { displayName: 'Caller' });
});
afterAll(async () => {
  await server?.stop();
});

/** Every Access-Control-* header of an answer. */
const corsHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-')));

/** What a browser sends before a cross-origin request it may not send unasked. */
const preflight = (path: string, origin: string, method: string, headers: string) =>
  fetch(`${server.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': headers,
    },
  });

const listOf = (value: string | null) =>
  (value ?? '').split(',').map((item) => item.trim().toLowerCase());

/** A preflight the browser lets through: this origin, the method and headers asked, cached. */
function expectGranted(response: Response, origin: string, method: string, headers: string[]) {
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  expect(listOf(response.headers.get('access-control-allow-methods'))).toContain(method);
  expect(listOf(response.headers.get('access-control-allow-headers'))).toEqual(
    expect.arrayContaining(headers),
  );
  expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
  expect(listOf(response.headers.get('vary'))).toContain('origin');
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
}

/** An answer the browser shows to a page of `origin`, and never as a credentialed one. */
function expectReadableBy(response: Response, origin: string) {
  expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  expect(listOf(response.headers.get('vary'))).toContain('origin');
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
}

const ME = '{ me { id } }';

describe('preflights', () => {
  it('are granted to a listed origin for GraphQL (POST and GET), REST and uploads', async () => {
    const asked = [
      ['/graphql', 'POST', 'authorization, content-type'],
      ['/graphql', 'GET', 'authorization'],
      ['/api/problems/1/join', 'POST', 'authorization, content-type'],
      ['/apiv1/stories/1', 'PATCH', 'authorization, content-type'],
      ['/api/stories/1', 'DELETE', 'authorization'],
      ['/api/uploads', 'POST', 'authorization, tus-resumable, upload-length, upload-metadata'],
      ['/api/uploads/1', 'PATCH', 'authorization, content-type, tus-resumable, upload-offset'],
    ] as const;
    for (const [path, method, headers] of asked) {
      for (const origin of [CLIENT, LOCAL_CLIENT]) {
        const response = await preflight(path, origin, method, headers);
        expectGranted(response, origin, method.toLowerCase(), listOf(headers));
        expect(response.headers.get('access-control-expose-headers')).toBeNull();
      }
    }
  });

  it('give any other origin no CORS header, while a listed one gets them', async () => {
    const port = new URL(server.url).port;
    const others = [
      'https://evil.example',
      'http://client.example',
      'https://client.example:8443',
      'https://sub.client.example',
      'null',
      `http://127.0.0.1:${Number(port) + 1}`,
    ];
    for (const path of ['/graphql', '/api/user/userinfo', '/apiv1/problems/1/join']) {
      expectGranted(await preflight(path, CLIENT, 'POST', 'authorization'), CLIENT, 'post', [
        'authorization',
      ]);
      for (const origin of others) {
        const response = await preflight(path, origin, 'POST', 'authorization, content-type');
        expect(response.status).toBe(204);
        expect(corsHeaders(response)).toEqual({});
      }
    }
  });
});

describe('GraphQL from a listed origin', () => {
  it('answers a Bearer POST and a Bearer GET (no apollo-require-preflight) readably', async () => {
    const post = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        origin: CLIENT,
        'content-type': 'application/json',
        authorization: `Bearer ${person.token}`,
      },
      body: JSON.stringify({ query: ME }),
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ data: { me: { id: person.id } } });
    expectReadableBy(post, CLIENT);

    const get = await fetch(`${server.url}/graphql?query=${encodeURIComponent(ME)}`, {
      headers: { origin: LOCAL_CLIENT, authorization: `Bearer ${person.token}` },
    });
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ data: { me: { id: person.id } } });
    expectReadableBy(get, LOCAL_CLIENT);
  });

  it('lets the page read the request id and Retry-After, and names no other origin', async () => {
    const listed = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { origin: CLIENT, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expectReadableBy(listed, CLIENT);
    expect(listOf(listed.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining(['x-request-id', 'retry-after']),
    );

    const other = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/json',
        authorization: `Bearer ${person.token}`,
      },
      body: JSON.stringify({ query: ME }),
    });
    expect(corsHeaders(other)).toEqual({});
  });

  it('refuses a cookie mutation sent without a preflight; the session lives', async () => {
    const simple = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        origin: CLIENT,
        'content-type': 'text/plain',
        cookie: `session=${person.token}`,
      },
      body: JSON.stringify({ query: 'mutation { signOut }' }),
    });
    expect(simple.status).toBe(400);
    expect(await simple.text()).toMatch(/CSRF/u);
    // The preflight a credentialed JSON request needs is never granted with credentials.
    const asked = await preflight('/graphql', CLIENT, 'POST', 'content-type');
    expectGranted(asked, CLIENT, 'post', ['content-type']);
    const me = await gqlData<{ me: { id: string } | null }>(
      server.url,
      ME,
      {},
      { token: person.token },
    );
    expect(me.me?.id).toBe(person.id);
  });
});

describe('REST from a listed origin', () => {
  it('serves Bearer reads and writes readably, over /api and /apiv1', async () => {
    const read = await fetch(`${server.url}/api/user/userinfo`, {
      headers: { origin: CLIENT, authorization: `Bearer ${person.token}` },
    });
    expect(read.status).toBe(200);
    expectReadableBy(read, CLIENT);

    const author = await signUpVerified(server);
    const problem = await postProblem(server, author, 'Ferry stops in the rain');
    const join = await fetch(`${server.url}/apiv1/problems/${problem.id}/join`, {
      method: 'POST',
      headers: {
        origin: LOCAL_CLIENT,
        'content-type': 'application/json',
        authorization: `Bearer ${person.token}`,
      },
      body: '{}',
    });
    expect(join.status).toBe(200);
    expect(await join.json()).toEqual({ success: true });
    expectReadableBy(join, LOCAL_CLIENT);
  });

  it('refuses the same write made with the session cookie (403), and nobody joins', async () => {
    const author = await signUpVerified(server);
    const problem = await postProblem(server, author, 'Clinic closes at noon');
    const victim = await signUpVerified(server);
    const withBearer = await fetch(`${server.url}/api/problems/${problem.id}/join`, {
      method: 'POST',
      headers: {
        origin: CLIENT,
        'content-type': 'application/json',
        authorization: `Bearer ${author.token}`,
      },
      body: '{}',
    });
    expectReadableBy(withBearer, CLIENT);

    const withCookie = await fetch(`${server.url}/api/problems/${problem.id}/join`, {
      method: 'POST',
      headers: {
        origin: CLIENT,
        'content-type': 'application/json',
        cookie: `session=${victim.token}`,
      },
      body: '{}',
    });
    expect(withCookie.status).toBe(403);
    expect(((await withCookie.json()) as RestBody).error?.code).toBe('FORBIDDEN');
    expect(withCookie.headers.get('access-control-allow-credentials')).toBeNull();
    const { problem: seen } = await gqlData<{ problem: { joined: boolean } }>(
      server.url,
      `query($id: ID!) { problem(id: $id) { joined } }`,
      { id: problem.id },
      { token: victim.token },
    );
    expect(seen.joined).toBe(false);
  });
});

describe('uploads from a listed origin', () => {
  it('start over tus with a Bearer token, the upload address readable by the page', async () => {
    const created = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        ...TUS_HEADERS,
        origin: CLIENT,
        authorization: `Bearer ${person.token}`,
        'upload-length': '4',
        'upload-metadata': uploadMetadata({ filename: 'note.txt', path: 'stories' }),
      },
    });
    expect(created.status).toBe(201);
    expectReadableBy(created, CLIENT);
    expect(listOf(created.headers.get('access-control-expose-headers'))).toContain('location');
    await fetch(new URL(created.headers.get('location')!, server.url), {
      method: 'DELETE',
      headers: { ...TUS_HEADERS, authorization: `Bearer ${person.token}` },
    });
  });
});
