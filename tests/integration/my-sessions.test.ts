import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@rules';
import { SEEN_WRITE_INTERVAL_MS, sessionIdOf } from '../../server/src/auth/sessions';
import { sessions } from '../../server/src/db/schema';
import { gql, gqlData, gqlError, rest, subscribe } from '../helpers/clients';
import type { LiveSubscription } from '../helpers/clients';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * "Sessions I can see" (/settings/account): a person lists their own sessions with the device and
 * address each was seen from, and signs any of them out, or all but this one. An ended session's
 * token opens nothing more and its websockets close (4401), as with sign-out. Nobody sees or ends
 * another person's sessions.
 *
 * 127.0.0.1 plays a reverse proxy the server trusts (TRUST_PROXY), so each "device" speaks from
 * an address of its own through X-Forwarded-For, as behind a real proxy.
 */
const PROXY = '127.0.0.1';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: PROXY });
});
afterAll(async () => {
  await server?.stop();
});

const open: LiveSubscription<unknown>[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((subscription) => subscription.close()));
});

const LAPTOP = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'x-forwarded-for': '203.0.113.7',
};
const DESKTOP = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'x-forwarded-for': '198.51.100.20',
};
type Device = Record<string, string>;

const MY_SESSIONS = `{ mySessions { id device browser os address lastSeenAt createdAt current } }`;
interface SessionView {
  id: string;
  device: string;
  browser: string | null;
  os: string | null;
  address: string | null;
  lastSeenAt: string;
  createdAt: string;
  current: boolean;
}
const SIGN_OUT_SESSION = `mutation($id: ID!) { signOutSession(id: $id) }`;
const SIGN_OUT_OTHERS = `mutation { signOutOtherSessions }`;
const ME = `{ me { id } }`;

/** A sign-in from `device`, as a second browser signs in: answers its token. */
async function signInFrom(person: TestUser, device: Device) {
  const login = await rest<{ token: string }>(
    server.url,
    'POST',
    '/api/auth/login',
    { email: person.email, password: person.password },
    undefined,
    device,
  );
  expect(login.status).toBe(200);
  return login.body.token;
}

const listAs = async (token: string, device: Device) =>
  (
    await gqlData<{ mySessions: SessionView[] }>(
      server.url,
      MY_SESSIONS,
      {},
      { token, headers: device },
    )
  ).mySessions;

/** Whom a session token opens now; null once its session ended (then it is refused, 401). */
async function signedInAs(token: string) {
  const answer = await gql<{ me: { id: string } | null }>(server.url, ME, {}, { token });
  if (answer.status === 401) return null;
  return answer.data?.me?.id ?? null;
}

/** A live subscription held with `token`, closed by the server when its session ends. */
async function socketOf(token: string) {
  const feed = await subscribe<unknown>(
    server.url,
    `subscription { storyAdded { id } }`,
    {},
    {
      token,
    },
  );
  open.push(feed);
  return feed;
}

const withinSeconds = <T>(promise: Promise<T>, seconds = 5) =>
  Promise.race([
    promise,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`nothing within ${seconds} s`)), seconds * 1000),
    ),
  ]);

describe('mySessions', () => {
  it('lists each sign-in with its device and address, and marks this one', async () => {
    const person = await signUpVerified(server);
    const laptop = await signInFrom(person, LAPTOP);
    const desktop = await signInFrom(person, DESKTOP);

    const listed = await listAs(laptop, LAPTOP);
    // The factory's own sign-in, then these two.
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({
      id: sessionIdOf(laptop),
      device: 'Chrome on Linux',
      browser: 'Chrome',
      os: 'Linux',
      address: '203.0.113.7',
      current: true,
    });
    const other = listed.find((session) => session.id === sessionIdOf(desktop));
    expect(other).toMatchObject({
      device: 'Firefox on Windows',
      browser: 'Firefox',
      os: 'Windows',
      address: '198.51.100.20',
      current: false,
    });
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    for (const session of listed) {
      // Opaque ids: the stored hashes, never a token.
      expect(session.id).toMatch(/^[0-9a-f]{64}$/u);
      expect([person.token, laptop, desktop]).not.toContain(session.id);
      expect(Date.parse(session.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }

    // The same list from the other device marks that one instead.
    const fromDesktop = await listAs(desktop, DESKTOP);
    expect(fromDesktop[0]).toMatchObject({ id: sessionIdOf(desktop), current: true });
    expect(fromDesktop.find((session) => session.id === sessionIdOf(laptop))?.current).toBe(false);
  });

  it('writes last seen at most once an interval per session, so reads stay reads', async () => {
    const person = await signUpVerified(server);
    const laptop = await signInFrom(person, LAPTOP);
    const desktop = await signInFrom(person, DESKTOP);
    const stored = async () => {
      const [row] = await server.deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdOf(desktop)));
      return row!;
    };
    const atSignIn = await stored();

    // The desktop moves to another network at once: still within the interval, nothing is written.
    const moved = { ...DESKTOP, 'x-forwarded-for': '192.0.2.55' };
    await listAs(desktop, moved);
    await listAs(desktop, moved);
    const seenBy = (sessionId: string, list: SessionView[]) =>
      list.find((session) => session.id === sessionId);
    expect(seenBy(sessionIdOf(desktop), await listAs(laptop, LAPTOP))?.address).toBe(
      '198.51.100.20',
    );
    expect((await stored()).lastSeenAt).toEqual(atSignIn.lastSeenAt);

    // An interval later the next request is written down, with where it came from.
    const later = Date.now() + SEEN_WRITE_INTERVAL_MS;
    server.deps.sessions.noteSeen(
      sessionIdOf(desktop),
      { userAgent: moved['user-agent'], address: '192.0.2.55' },
      later,
    );
    await expect.poll(async () => (await stored()).lastSeenAt.getTime()).toBe(later);
    expect(await stored()).toMatchObject({ clientAddress: '192.0.2.55' });
    expect(seenBy(sessionIdOf(desktop), await listAs(laptop, LAPTOP))?.address).toBe('192.0.2.55');
  });

  it('answers UNAUTHENTICATED when signed out', async () => {
    for (const query of [MY_SESSIONS, SIGN_OUT_OTHERS]) {
      expect((await gqlError(server.url, query)).code).toBe('UNAUTHENTICATED');
    }
    const signOut = await gqlError(server.url, SIGN_OUT_SESSION, { id: 'a'.repeat(64) });
    expect(signOut.code).toBe('UNAUTHENTICATED');
  });
});

describe('signOutSession', () => {
  it('ends another of my sessions: its token opens nothing and its websocket closes', async () => {
    const person = await signUpVerified(server);
    const laptop = await signInFrom(person, LAPTOP);
    const desktop = await signInFrom(person, DESKTOP);
    const desktopFeed = await socketOf(desktop);
    const laptopFeed = await socketOf(laptop);

    const ended = await gqlData<{ signOutSession: boolean }>(
      server.url,
      SIGN_OUT_SESSION,
      { id: sessionIdOf(desktop) },
      { token: laptop, headers: LAPTOP },
    );
    expect(ended.signOutSession).toBe(true);

    expect(await withinSeconds(desktopFeed.closedByServer)).toEqual({
      code: 4401,
      reason: 'Session ended',
    });
    expect(await signedInAs(desktop)).toBeNull();
    expect(await signedInAs(laptop)).toBe(person.id);
    expect(await signedInAs(person.token)).toBe(person.id);
    const left = await listAs(laptop, LAPTOP);
    expect(left.map((session) => session.id).sort()).toEqual(
      [sessionIdOf(laptop), sessionIdOf(person.token)].sort(),
    );
    // The asking session's own socket stays open.
    const stillOpen = await Promise.race([
      laptopFeed.closedByServer.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300)),
    ]);
    expect(stillOpen).toBe(true);

    // Ended once: again, it is not found.
    const again = await gqlError(
      server.url,
      SIGN_OUT_SESSION,
      { id: sessionIdOf(desktop) },
      { token: laptop },
    );
    expect(again.code).toBe('NOT_FOUND');
  });

  it('signs this device out when given its own session, clearing the cookie', async () => {
    const person = await signUpVerified(server);
    const laptop = await signInFrom(person, LAPTOP);
    const result = await gql<{ signOutSession: boolean }>(
      server.url,
      SIGN_OUT_SESSION,
      { id: sessionIdOf(laptop) },
      { token: laptop },
    );
    expect(result.data?.signOutSession).toBe(true);
    expect(result.headers.get('set-cookie')).toMatch(/^session=;/u);
    expect(await signedInAs(laptop)).toBeNull();
    expect(await signedInAs(person.token)).toBe(person.id);
  });

  it('cannot see or end another person’s sessions: their id answers like an unknown one', async () => {
    const person = await signUpVerified(server);
    const stranger = await signUpVerified(server);
    const strangerFeed = await socketOf(stranger.token);

    const listed = await listAs(person.token, LAPTOP);
    expect(listed.map((session) => session.id)).not.toContain(sessionIdOf(stranger.token));
    expect(listed).toHaveLength(1);

    const theirs = await gqlError(
      server.url,
      SIGN_OUT_SESSION,
      { id: sessionIdOf(stranger.token) },
      { token: person.token },
    );
    const unknown = await gqlError(
      server.url,
      SIGN_OUT_SESSION,
      { id: sessionIdOf('no-such-token') },
      { token: person.token },
    );
    expect(theirs.code).toBe('NOT_FOUND');
    expect(theirs).toEqual(unknown);

    // Signing out "all others" ends none of theirs either.
    const others = await gqlData<{ signOutOtherSessions: number }>(
      server.url,
      SIGN_OUT_OTHERS,
      {},
      { token: person.token },
    );
    expect(others.signOutOtherSessions).toBe(0);
    expect(await signedInAs(stranger.token)).toBe(stranger.id);
    const stillOpen = await Promise.race([
      strangerFeed.closedByServer.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300)),
    ]);
    expect(stillOpen).toBe(true);
  });

  it('is limited per acting session, so another session can still sign that one out', async () => {
    const person = await signUpVerified(server);
    const intruder = await signInFrom(person, DESKTOP);
    const unknownId = sessionIdOf('never-issued');
    const tries = await Promise.all(
      Array.from({ length: RATE_LIMITS.sessionSignOut.max + 1 }, () =>
        gql(server.url, SIGN_OUT_SESSION, { id: unknownId }, { token: intruder }),
      ),
    );
    const codes = tries.map((result) => result.errors?.[0]?.extensions?.code);
    expect(codes.filter((code) => code === 'NOT_FOUND')).toHaveLength(
      RATE_LIMITS.sessionSignOut.max,
    );
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(1);

    const ended = await gqlData<{ signOutSession: boolean }>(
      server.url,
      SIGN_OUT_SESSION,
      { id: sessionIdOf(intruder) },
      { token: person.token },
    );
    expect(ended.signOutSession).toBe(true);
    expect(await signedInAs(intruder)).toBeNull();
  });
});

describe('signOutOtherSessions', () => {
  it('ends every other session of mine, closing their sockets, and keeps this one', async () => {
    const person = await signUpVerified(server);
    const laptop = await signInFrom(person, LAPTOP);
    const desktop = await signInFrom(person, DESKTOP);
    const feeds = await Promise.all([socketOf(desktop), socketOf(person.token)]);

    const ended = await gqlData<{ signOutOtherSessions: number }>(
      server.url,
      SIGN_OUT_OTHERS,
      {},
      { token: laptop, headers: LAPTOP },
    );
    expect(ended.signOutOtherSessions).toBe(2);

    for (const feed of feeds) expect((await withinSeconds(feed.closedByServer)).code).toBe(4401);
    expect(await signedInAs(desktop)).toBeNull();
    expect(await signedInAs(person.token)).toBeNull();
    expect(await signedInAs(laptop)).toBe(person.id);
    const left = await listAs(laptop, LAPTOP);
    expect(left).toEqual([expect.objectContaining({ id: sessionIdOf(laptop), current: true })]);

    // Nothing else left to end.
    const again = await gqlData<{ signOutOtherSessions: number }>(
      server.url,
      SIGN_OUT_OTHERS,
      {},
      { token: laptop },
    );
    expect(again.signOutOtherSessions).toBe(0);
  });
});
