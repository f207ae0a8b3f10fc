import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@rules';
import { rateLimitEvents, userIdentities, users } from '../../server/src/db/schema';
import { displayNameFrom } from '../../server/src/modules/auth/oidc.service';
import { gql, gqlData, rest } from '../helpers/clients';
import { signUpVerified, uniqueEmail } from '../helpers/factories';
import {
  startOidcProvider,
  type OidcTestClaims,
  type TestOidcProvider,
} from '../helpers/oidc-provider';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Sign-in with an OpenID Connect provider, against a local one (oauth2-mock-server): the browser's
 * three hops (start → the provider → the callback) are followed by hand, carrying cookies as a
 * browser would.
 */
let provider: TestOidcProvider;
let server: TestServer;

beforeAll(async () => {
  provider = await startOidcProvider();
  server = await startTestServer(provider.env);
});
afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

const ME = `{ me { id email displayName role emailVerified photoURL appLang } }`;
const SIGN_IN = `mutation SignIn($email: String!, $password: String!) {
  signIn(email: $email, password: $password) { token user { id } linkedProvider }
}`;

interface Me {
  me: {
    id: string;
    email: string;
    displayName: string;
    role: string;
    emailVerified: boolean;
    photoURL: string | null;
    appLang: string;
  } | null;
}

/** A browser's cookies for the server (paths aside): name → value. */
type Jar = Map<string, string>;

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

function keepCookies(jar: Jar, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (!value || /max-age=0\b/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

const getManual = (url: string | URL, jar: Jar) =>
  fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } });

/** The server's callback as the provider sends the browser to it (PUBLIC_URL names localhost). */
const onServer = (location: string) => {
  const url = new URL(location);
  return `${server.url}${url.pathname}${url.search}`;
};

interface Trip {
  /** Where the server sent the browser in the end. */
  landed: string;
  jar: Jar;
}

/** Start → the provider (approving at once) → the callback, as `claims`' person. */
async function signInWithProvider(
  claims: OidcTestClaims,
  jar: Jar = new Map(),
  tamper: (callback: URL) => void = () => {},
): Promise<Trip> {
  provider.signsIn(claims);
  const start = await getManual(`${server.url}/api/auth/oidc/start`, jar);
  expect(start.status).toBe(302);
  keepCookies(jar, start);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin).toBe(new URL(provider.issuer).origin);
  const approved = await fetch(authorize, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const callback = new URL(onServer(approved.headers.get('location')!));
  tamper(callback);
  const back = await getManual(callback, jar);
  expect(back.status).toBe(302);
  expect(back.headers.get('cache-control')).toBe('no-store');
  keepCookies(jar, back);
  return { landed: back.headers.get('location')!, jar };
}

const me = async (jar: Jar) =>
  (await gqlData<Me>(server.url, ME, {}, { cookie: cookieHeader(jar) })).me;

const person = (overrides: Partial<OidcTestClaims> = {}): OidcTestClaims => ({
  sub: `google-${randomUUID()}`,
  email: uniqueEmail('oidc'),
  email_verified: true,
  name: 'Asha Rao',
  picture: 'https://images.example.test/asha.png',
  ...overrides,
});

const identitiesOf = (userId: string) =>
  server.deps.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));

describe('a new person signing in with the provider', () => {
  it('gets a verified person account with a session and lands on the feed', async () => {
    const claims = person();
    const { landed, jar } = await signInWithProvider(claims, new Map([['i18n_redirected', 'te']]));
    expect(landed).toBe('/stories/recent');
    expect(jar.has('session')).toBe(true);
    expect(jar.has('oidc_flow')).toBe(false);
    const viewer = await me(jar);
    expect(viewer).toMatchObject({
      email: claims.email,
      displayName: 'Asha Rao',
      role: 'person',
      emailVerified: true,
      photoURL: 'https://images.example.test/asha.png',
      appLang: 'te',
    });
    expect(await identitiesOf(viewer!.id)).toMatchObject([
      { issuer: provider.issuer, subject: claims.sub },
    ]);
    // The session is a session like a password sign-in's: it reads and writes as that person.
    const session = jar.get('session')!;
    const answer = await rest(server.url, 'GET', '/api/user/userinfo', undefined, session);
    expect(answer.status).toBe(200);
  });

  it('signs the same provider account in again without a second account', async () => {
    const claims = person();
    const first = await signInWithProvider(claims);
    const again = await signInWithProvider(claims);
    expect(again.landed).toBe('/stories/recent');
    const [one, two] = [await me(first.jar), await me(again.jar)];
    expect(two!.id).toBe(one!.id);
    const accounts = await server.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, claims.email!));
    expect(accounts).toHaveLength(1);
  });

  it('makes a display name sign-up would accept when the claim is unusable', async () => {
    const long = await signInWithProvider(
      person({ name: 'Venkata Lakshmi Narasimha Rao', given_name: undefined }),
    );
    expect((await me(long.jar))!.displayName).toBe('Venkata Lakshmi Nara');
    const none = await signInWithProvider(
      person({ name: '   ', email: `kiran.k-${randomUUID().slice(0, 4)}@example.test` }),
    );
    expect((await me(none.jar))!.displayName).toMatch(/^kiran\.k-/);
    expect(
      displayNameFrom({ name: 'Venkata Lakshmi Narasimha Rao', givenName: 'Venkata' }, 'v@x.test'),
    ).toBe('Venkata');
    expect(displayNameFrom({ name: '\u202Eevil\u202C  name', givenName: null }, 'v@x.test')).toBe(
      'evil name',
    );
    expect(displayNameFrom({ name: null, givenName: null }, '@x.test')).toBe('Person');
  });
});

describe('refusals', () => {
  it('refuses an e-mail the provider has not verified, creating nothing', async () => {
    const claims = person({ email_verified: false });
    const { landed, jar } = await signInWithProvider(claims);
    expect(landed).toBe('/auth/login?oidc=unverified');
    expect(jar.has('session')).toBe(false);
    const accounts = await server.deps.db
      .select()
      .from(users)
      .where(eq(users.email, claims.email!));
    expect(accounts).toHaveLength(0);
  });

  it('refuses a provider account that shares no e-mail', async () => {
    const { landed, jar } = await signInWithProvider({ sub: `no-mail-${randomUUID()}` });
    expect(landed).toBe('/auth/login?oidc=unverified');
    expect(jar.has('session')).toBe(false);
  });

  it('refuses an answer whose state is not the one this browser started with', async () => {
    const { landed, jar } = await signInWithProvider(person(), new Map(), (callback) =>
      callback.searchParams.set('state', 'forged-state'),
    );
    expect(landed).toBe('/auth/login?oidc=failed');
    expect(jar.has('session')).toBe(false);
  });

  it('refuses an answer brought to a browser that did not start the sign-in', async () => {
    provider.signsIn(person());
    const start = await fetch(`${server.url}/api/auth/oidc/start`, { redirect: 'manual' });
    const approved = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    // Another browser (no flow cookie), or a flow cookie that is not the server's.
    for (const cookie of ['', 'oidc_flow=eyJzdGF0ZSI6IngifQ.forged']) {
      const back = await fetch(onServer(approved.headers.get('location')!), {
        redirect: 'manual',
        headers: { cookie },
      });
      expect(back.headers.get('location')).toBe('/auth/login?oidc=expired');
      expect(back.headers.getSetCookie().some((line) => line.startsWith('session='))).toBe(false);
    }
  });

  it('says so when the person declines at the provider', async () => {
    const jar: Jar = new Map();
    const start = await getManual(`${server.url}/api/auth/oidc/start`, jar);
    keepCookies(jar, start);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const back = await getManual(
      `${server.url}/api/auth/oidc/callback?error=access_denied&state=${state}`,
      jar,
    );
    expect(back.headers.get('location')).toBe('/auth/login?oidc=denied');
  });
});

describe('an e-mail that already has an account', () => {
  it('links only after a password sign-in, then signs in directly', async () => {
    const owner = await signUpVerified(server, { displayName: 'Meera' });
    const claims = person({ email: owner.email, name: 'Meera G' });

    const offered = await signInWithProvider(claims);
    expect(offered.landed).toBe('/auth/login?oidc=link');
    expect(offered.jar.has('session')).toBe(false);
    expect(offered.jar.has('oidc_link')).toBe(true);
    expect(await identitiesOf(owner.id)).toHaveLength(0);

    // A password sign-in in another browser (no marker) links nothing.
    const elsewhere = await gqlData<{ signIn: { linkedProvider: string | null } }>(
      server.url,
      SIGN_IN,
      { email: owner.email, password: owner.password },
    );
    expect(elsewhere.signIn.linkedProvider).toBeNull();
    // Nor does a wrong password in the browser holding it.
    const wrong = await gql(
      server.url,
      SIGN_IN,
      { email: owner.email, password: 'not-the-password' },
      { cookie: cookieHeader(offered.jar) },
    );
    expect(wrong.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await identitiesOf(owner.id)).toHaveLength(0);

    // The provider alone still does not open the account.
    const again = await signInWithProvider(claims, offered.jar);
    expect(again.landed).toBe('/auth/login?oidc=link');

    const linking = await gql<{ signIn: { user: { id: string }; linkedProvider: string | null } }>(
      server.url,
      SIGN_IN,
      { email: owner.email, password: owner.password },
      { cookie: cookieHeader(again.jar) },
    );
    expect(linking.data?.signIn).toMatchObject({
      user: { id: owner.id },
      linkedProvider: 'Google',
    });
    expect(
      linking.headers.getSetCookie().some((line) => /^oidc_link=;.*Max-Age=0/.test(line)),
    ).toBe(true);
    expect(await identitiesOf(owner.id)).toMatchObject([
      { issuer: provider.issuer, subject: claims.sub },
    ]);

    // From now on the provider signs them in, into their own account (its name unchanged).
    const direct = await signInWithProvider(claims);
    expect(direct.landed).toBe('/stories/recent');
    expect(await me(direct.jar)).toMatchObject({ id: owner.id, displayName: 'Meera' });
  });

  it("does not link a marker to another account's sign-in", async () => {
    const owner = await signUpVerified(server);
    const other = await signUpVerified(server);
    const offered = await signInWithProvider(person({ email: owner.email }));
    expect(offered.landed).toBe('/auth/login?oidc=link');
    const answer = await gqlData<{ signIn: { linkedProvider: string | null } }>(
      server.url,
      SIGN_IN,
      { email: other.email, password: other.password },
      { cookie: cookieHeader(offered.jar) },
    );
    expect(answer.signIn.linkedProvider).toBeNull();
    expect(await identitiesOf(other.id)).toHaveLength(0);
    expect(await identitiesOf(owner.id)).toHaveLength(0);
  });

  it('links over REST too (POST /api/auth/login)', async () => {
    const owner = await signUpVerified(server);
    const offered = await signInWithProvider(person({ email: owner.email }));
    const answer = await rest<{ linkedProvider: string | null }>(
      server.url,
      'POST',
      '/api/auth/login',
      { email: owner.email, password: owner.password },
      undefined,
      { cookie: cookieHeader(offered.jar) },
    );
    expect(answer.body.linkedProvider).toBe('Google');
    expect(await identitiesOf(owner.id)).toHaveLength(1);
  });
});

describe('what the client learns', () => {
  it('names the provider for the sign-in button', async () => {
    const { clientConfig } = await gqlData<{ clientConfig: { oidcProvider: string | null } }>(
      server.url,
      '{ clientConfig { oidcProvider } }',
    );
    expect(clientConfig.oidcProvider).toBe('Google');
  });
});

describe('without a provider configured', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => {
    await plain?.stop();
  });

  it('answers 404 to both steps and offers no button', async () => {
    for (const path of ['/api/auth/oidc/start', '/api/auth/oidc/callback?code=x&state=y']) {
      const answer = await rest(plain.url, 'GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error?.code).toBe('NOT_FOUND');
    }
    const { clientConfig } = await gqlData<{ clientConfig: { oidcProvider: string | null } }>(
      plain.url,
      '{ clientConfig { oidcProvider } }',
    );
    expect(clientConfig.oidcProvider).toBeNull();
  });
});

// Last: it uses up this address's sign-ins with the provider.
describe('the per-address limit', () => {
  it('sends an address past RATE_LIMITS.oidc back to the login page', async () => {
    const key = 'address:127.0.0.1';
    await server.deps.db
      .insert(rateLimitEvents)
      .values(Array.from({ length: RATE_LIMITS.oidc.max }, () => ({ bucket: 'oidc', key })));
    const start = await fetch(`${server.url}/api/auth/oidc/start`, { redirect: 'manual' });
    expect(start.headers.get('location')).toBe('/auth/login?oidc=limited');
    const back = await fetch(`${server.url}/api/auth/oidc/callback?code=x&state=y`, {
      redirect: 'manual',
    });
    expect(back.headers.get('location')).toBe('/auth/login?oidc=limited');
    await server.deps.db
      .delete(rateLimitEvents)
      .where(and(eq(rateLimitEvents.bucket, 'oidc'), eq(rateLimitEvents.key, key)));
  });
});
