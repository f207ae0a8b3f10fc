import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, type RestBody } from '../helpers/clients';
import { signUpVerified, type TestUser, postProblem } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * A page on another site cannot make a signed-in browser write through REST with its session
 * cookie: cookie-authenticated writes need a JSON content type (or X-Requested-With) and this
 * server's Origin. Bearer-token calls and signed-out calls are not affected.
 */
let server: TestServer;
let author: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  author = await signUpVerified(server, { displayName: 'Author' });
});
afterAll(async () => {
  await server?.stop();
});

const EVIL = 'https://evil.example';
const REFUSED = {
  success: false,
  error: {
    code: 'FORBIDDEN',
    message: 'This request did not come from this site, so it was refused',
    field: null,
  },
};

interface Call {
  cookie?: string;
  token?: string;
  origin?: string;
  contentType?: string;
  body?: string;
  headers?: Record<string, string>;
}

/** A POST as a browser (or a script) would send it: nothing added that the call does not name. */
async function post(path: string, call: Call) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      ...(call.cookie && { cookie: call.cookie }),
      ...(call.token && { authorization: `Bearer ${call.token}` }),
      ...(call.origin && { origin: call.origin }),
      ...(call.contentType && { 'content-type': call.contentType }),
      ...call.headers,
    },
    body: call.body,
  });
  return { status: response.status, body: (await response.json()) as RestBody };
}

const cookieOf = (person: TestUser) => `session=${person.token}`;
const crossSiteText = (person: TestUser): Call => ({
  cookie: cookieOf(person),
  origin: EVIL,
  contentType: 'text/plain;charset=UTF-8',
  body: '{}',
});
const crossSiteForm = (person: TestUser): Call => ({
  cookie: cookieOf(person),
  origin: EVIL,
  contentType: 'application/x-www-form-urlencoded',
  body: 'emoji=%F0%9F%98%80',
});
const sameOriginJson = (person: TestUser): Call => ({
  cookie: cookieOf(person),
  origin: server.url,
  contentType: 'application/json',
  body: '{}',
});

const joined = async (person: TestUser, problemId: string) =>
  (
    await gqlData<{ problem: { joined: boolean } }>(
      server.url,
      `query($id: ID!) { problem(id: $id) { joined } }`,
      { id: problemId },
      { token: person.token },
    )
  ).problem.joined;

/** Whether the person's session still opens: a token whose session ended is refused (401). */
const signedIn = async (person: TestUser) => {
  const answer = await gql<{ me: { id: string } | null }>(
    server.url,
    `{ me { id } }`,
    {},
    { token: person.token },
  );
  if (answer.status === 401) return false;
  return answer.data?.me?.id === person.id;
};

describe('cross-site writes with the session cookie', () => {
  it('refuses a cross-site text/plain or form POST to join a problem with 403, and nobody joins', async () => {
    const problem = await postProblem(server, author, 'Wells run dry in summer');
    const victim = await signUpVerified(server);
    for (const call of [crossSiteText(victim), crossSiteForm(victim)]) {
      const answer = await post(`/api/problems/${problem.id}/join`, call);
      expect(answer).toEqual({ status: 403, body: REFUSED });
    }
    const overApiv1 = await post(`/apiv1/problems/${problem.id}/join`, crossSiteText(victim));
    expect(overApiv1.status).toBe(403);
    expect(await joined(victim, problem.id)).toBe(false);
  });

  it('refuses a cross-site text/plain or form POST to leave a problem with 403, and the member stays', async () => {
    const problem = await postProblem(server, author, 'Buses skip the village');
    const member = await signUpVerified(server);
    expect((await post(`/api/problems/${problem.id}/join`, { token: member.token })).status).toBe(
      200,
    );
    for (const call of [crossSiteText(member), crossSiteForm(member)]) {
      const answer = await post(`/api/problems/${problem.id}/leave`, call);
      expect(answer).toEqual({ status: 403, body: REFUSED });
    }
    expect(await joined(member, problem.id)).toBe(true);
  });

  it('refuses a cross-site text/plain or form POST to sign out with 403, and the session goes on', async () => {
    const person = await signUpVerified(server);
    for (const call of [crossSiteText(person), crossSiteForm(person)]) {
      const answer = await post('/api/auth/logout', call);
      expect(answer).toEqual({ status: 403, body: REFUSED });
    }
    expect(await signedIn(person)).toBe(true);
  });

  it('refuses JSON from another origin, even a sibling of this site', async () => {
    const person = await signUpVerified(server);
    const sibling = new URL(server.url);
    sibling.hostname = 'evil.localhost';
    for (const origin of [EVIL, sibling.origin, 'null']) {
      const answer = await post('/api/auth/logout', { ...sameOriginJson(person), origin });
      expect(answer).toEqual({ status: 403, body: REFUSED });
    }
    expect(await signedIn(person)).toBe(true);
  });

  it('refuses a cookie write that names no Origin at all', async () => {
    const person = await signUpVerified(server);
    const answer = await post('/api/auth/logout', { ...sameOriginJson(person), origin: undefined });
    expect(answer).toEqual({ status: 403, body: REFUSED });
    expect(await signedIn(person)).toBe(true);
  });

  it('refuses a same-origin form POST that is neither JSON nor marked X-Requested-With', async () => {
    const person = await signUpVerified(server);
    const answer = await post('/api/auth/logout', { ...crossSiteForm(person), origin: server.url });
    expect(answer).toEqual({ status: 403, body: REFUSED });
    expect(await signedIn(person)).toBe(true);
  });
});

describe('writes this site makes with the session cookie', () => {
  it('joins, leaves and signs out with JSON and this server’s Origin', async () => {
    const problem = await postProblem(server, author, 'Market floods every monsoon');
    const person = await signUpVerified(server);
    const join = await post(`/api/problems/${problem.id}/join`, sameOriginJson(person));
    expect(join).toEqual({ status: 200, body: { success: true } });
    expect(await joined(person, problem.id)).toBe(true);

    const leave = await post(`/api/problems/${problem.id}/leave`, {
      ...sameOriginJson(person),
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ emoji: '🙂', leavingComment: 'Moved away' }),
    });
    expect(leave.status).toBe(200);
    expect(await joined(person, problem.id)).toBe(false);

    const out = await post('/api/auth/logout', sameOriginJson(person));
    expect(out).toEqual({ status: 200, body: { success: true } });
    expect(await signedIn(person)).toBe(false);
  });

  it('accepts a +json content type, or X-Requested-With on a call without a body', async () => {
    const problem = await postProblem(server, author, 'Streetlights are out');
    const person = await signUpVerified(server);
    const join = await post(`/api/problems/${problem.id}/join`, {
      ...sameOriginJson(person),
      contentType: 'application/vnd.api+json',
    });
    expect(join.status).toBe(200);
    const out = await post('/api/auth/logout', {
      cookie: cookieOf(person),
      origin: server.url,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(out.status).toBe(200);
    expect(await signedIn(person)).toBe(false);
  });

  it('accepts the PUBLIC_URL origin when the server is reached at another host (a proxy)', async () => {
    const person = await signUpVerified(server);
    const publicOrigin = new URL(server.deps.config.publicUrl).origin;
    expect(publicOrigin).not.toBe(new URL(server.url).origin);
    const out = await post('/api/auth/logout', { ...sameOriginJson(person), origin: publicOrigin });
    expect(out.status).toBe(200);
    expect(await signedIn(person)).toBe(false);
  });
});

describe('calls the guard leaves alone', () => {
  it('lets a Bearer-token write through without Origin or JSON', async () => {
    const problem = await postProblem(server, author, 'School roof leaks');
    const person = await signUpVerified(server);
    const join = await post(`/api/problems/${problem.id}/join`, {
      token: person.token,
      contentType: 'text/plain',
      body: '{}',
    });
    expect(join).toEqual({ status: 200, body: { success: true } });
    expect(await joined(person, problem.id)).toBe(true);
  });

  it('lets a signed-out visitor sign in from anywhere', async () => {
    const person = await signUpVerified(server);
    const login = await post('/api/auth/login', {
      origin: EVIL,
      contentType: 'application/json',
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(login.status).toBe(200);
    expect(login.body.success).toBe(true);
  });

  it('lets cross-site reads with the cookie through (they change nothing)', async () => {
    const person = await signUpVerified(server);
    const response = await fetch(`${server.url}/api/user/userinfo`, {
      headers: { cookie: cookieOf(person), origin: EVIL },
    });
    expect(response.status).toBe(200);
  });
});
