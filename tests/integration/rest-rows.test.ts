import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@rules';
import { gqlData, gqlError, mailsTo, rest, tokenFromMail } from '../helpers/clients';
import { diffCounts, startCountingProxy, type CountingProxy } from '../helpers/count-proxy';
import {
  createApiToken,
  postStory,
  signUpVerified,
  uniqueEmail,
  type TestUser,
} from '../helpers/factories';
import {
  createTestDatabase,
  startTestServer,
  startTestServerOn,
  type TestServer,
} from '../helpers/server';

/**
 * REST rows of 001 §7 that answer as the spec says (issue 26): /user/sync (v1),
 * /user/updateLangSettings, /user/update with key email, lastScannedWhen on lists and the user
 * record, and page sizes up to the spec's 1000. Each row: signed out first where it needs a
 * person, then the success shape, then bad input.
 */
let server: TestServer;
let alice: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpVerified(server, { displayName: 'Alice' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const errorBody = (code: string, message: string, field: string | null = null) => ({
  success: false,
  error: { code, message, field },
});

/** The spec's user record (`/user/userinfo`, `/user/sync`): 000 §3 User in its client's names. */
const userRecord = (person: TestUser, appLang = 'en') => ({
  id: person.id,
  uid: person.id,
  email: person.email,
  displayName: person.displayName,
  photoURL: null,
  bio: null,
  role: 'person',
  appLang,
  emailVerified: true,
  defaultSpace: { spaceId: 'ww', spaceName: 'Global' },
  userSpaceDoc: { appLang },
  digestEmails: true,
  hidePresence: false,
  hiddenExplainers: [],
  hideExplainers: {},
  isModerator: false,
  isAdmin: false,
  suspendedUntil: null,
  lastScannedWhen: null,
});

interface UserAnswer {
  user: ReturnType<typeof userRecord>;
}

describe('POST (v1) /user/sync', () => {
  const sync = (body: unknown, token?: string) =>
    rest<UserAnswer>(server.url, 'POST', '/apiv1/user/sync', body, token);

  it('answers 401 signed out', async () => {
    const refused = await sync({ uid: alice.id, role: 'person' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(errorBody('UNAUTHENTICATED', MESSAGES.signInRequired));
  });

  it('answers { success, user } with the caller’s record, for { uid, role, additionalUserInfo } or the user data', async () => {
    const synced = await sync(
      {
        uid: alice.id,
        role: 'person',
        additionalUserInfo: { isNewUser: false, providerId: 'password' },
      },
      alice.token,
    );
    expect(synced.status).toBe(200);
    expect(synced.body).toEqual({ success: true, user: userRecord(alice) });
    const asUserData = await sync(
      { id: alice.id, displayName: 'Ignored here', email: alice.email },
      alice.token,
    );
    expect(asUserData.body).toEqual({ success: true, user: userRecord(alice) });
    // The same row under /api.
    const main = await rest<UserAnswer>(server.url, 'POST', '/api/user/sync', {}, alice.token);
    expect(main.body).toEqual({ success: true, user: userRecord(alice) });
  });

  it('keeps the role chosen at sign-up, and refuses another account’s uid (403) or a role that is none (422)', async () => {
    const org = await signUpVerified(server, { displayName: 'Org', role: 'org' });
    const asPerson = await sync({ uid: org.id, role: 'person' }, org.token);
    expect(asPerson.body.user.role).toBe('org');
    const other = await sync({ uid: alice.id, role: 'org' }, org.token);
    expect(other.status).toBe(403);
    expect(other.body).toEqual(errorBody('FORBIDDEN', MESSAGES.syncOtherAccount, 'uid'));
    const badRole = await sync({ uid: org.id, role: 'admin' }, org.token);
    expect(badRole.status).toBe(422);
    expect(badRole.body).toEqual(errorBody('BAD_USER_INPUT', MESSAGES.roleInvalid, 'role'));
  });
});

describe('POST /user/updateLangSettings', () => {
  const update = (body: unknown, token?: string) =>
    rest<UserAnswer>(server.url, 'POST', '/api/user/updateLangSettings', body, token);

  it('answers 401 signed out', async () => {
    expect((await update({ appLang: 'te' })).status).toBe(401);
  });

  it('saves the app language from { appLang } or { data: { appLang } } and answers { success, user }', async () => {
    const person = await signUpVerified(server, { displayName: 'Ravi' });
    const saved = await update({ appLang: 'te' }, person.token);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, user: expect.objectContaining({ appLang: 'te' }) });
    const info = await rest<UserAnswer>(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      person.token,
    );
    expect(info.body.user).toMatchObject({ appLang: 'te', userSpaceDoc: { appLang: 'te' } });
    const nested = await update({ data: { appLang: 'en' } }, person.token);
    expect(nested.body.user.appLang).toBe('en');
  });

  it('refuses a language the app does not have (422), changing nothing', async () => {
    const person = await signUpVerified(server, { displayName: 'Ana' });
    for (const body of [{ appLang: 'xx' }, {}, { appLang: 'e'.repeat(10_000) }]) {
      const refused = await update(body, person.token);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual(errorBody('BAD_USER_INPUT', MESSAGES.langInvalid, 'appLang'));
    }
    const info = await rest<UserAnswer>(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      person.token,
    );
    expect(info.body.user.appLang).toBe('en');
  });
});

describe('POST /user/update with key email', () => {
  /**
   * Every mail request from one address counts against RATE_LIMITS.emailSend (5 per 15 minutes),
   * and every request here comes from 127.0.0.1: this block asks 4 times before its last test
   * runs into the limit.
   */
  const change = (email: unknown, token?: string) =>
    rest<UserAnswer & { message: string }>(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'email', email },
      token,
    );
  const userinfo = async (person: TestUser) =>
    (await rest<UserAnswer>(server.url, 'GET', '/api/user/userinfo', undefined, person.token)).body
      .user;
  const signIn = (email: string, password: string) =>
    rest(server.url, 'POST', '/api/auth/login', { email, password });

  it('answers 401 signed out', async () => {
    const refused = await change(uniqueEmail('nobody'));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(errorBody('UNAUTHENTICATED', MESSAGES.signInRequired));
  });

  it('mails the new address and keeps the old one until its link is followed', async () => {
    const person = await signUpVerified(server, { displayName: 'Mover' });
    const next = uniqueEmail('moved');
    const asked = await change(next.toUpperCase(), person.token);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      success: true,
      message: MESSAGES.checkEmail,
      user: expect.objectContaining({ id: person.id, email: person.email, emailVerified: true }),
    });
    // Until verified: the old address signs in and shows; the new one opens nothing.
    expect((await userinfo(person)).email).toBe(person.email);
    expect((await signIn(next, person.password)).status).toBe(401);
    const mails = mailsTo(server.dataDir, next);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.link).toContain('/auth/auth-action?mode=verifyEmail&token=');
    const verified = await rest(server.url, 'POST', '/api/auth/verify', {
      token: tokenFromMail(mails[0]!),
    });
    expect(verified.body).toEqual({ success: true });
    expect((await userinfo(person)).email).toBe(next);
    expect((await signIn(next, person.password)).status).toBe(200);
    expect((await signIn(person.email, person.password)).status).toBe(401);
    // The link works once.
    const again = await rest(server.url, 'POST', '/api/auth/verify', {
      token: tokenFromMail(mails[0]!),
    });
    expect(again.status).toBe(422);
  });

  it('refuses an address another account has (409), the same address and a bad one (422), changing nothing', async () => {
    const person = await signUpVerified(server, { displayName: 'Stayer' });
    const taken = await change(alice.email, person.token);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(errorBody('CONFLICT', MESSAGES.emailInUse, 'email'));
    const same = await change(person.email, person.token);
    expect(same.status).toBe(422);
    expect(same.body).toEqual(errorBody('BAD_USER_INPUT', MESSAGES.emailUnchanged, 'email'));
    for (const bad of ['not-an-address', '', `${'a'.repeat(300)}@example.test`, 42]) {
      const refused = await change(bad, person.token);
      expect(refused.status).toBe(422);
      expect(refused.body.error?.field).toBe('email');
    }
    expect((await userinfo(person)).email).toBe(person.email);
  });

  it('refuses an address taken after the link was sent (409), changing nothing', async () => {
    const person = await signUpVerified(server, { displayName: 'Late' });
    const wanted = uniqueEmail('wanted');
    expect((await change(wanted, person.token)).status).toBe(200);
    const link = tokenFromMail(mailsTo(server.dataDir, wanted).at(-1)!);
    await signUpVerified(server, { email: wanted, displayName: 'Quicker' });
    const refused = await rest(server.url, 'POST', '/api/auth/verify', { token: link });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(errorBody('CONFLICT', MESSAGES.emailInUse, 'email'));
    expect((await userinfo(person)).email).toBe(person.email);
  });

  it('is GraphQL’s requestEmailChange too, for the person signed in on the site only', async () => {
    const person = await signUpVerified(server, { displayName: 'Graph' });
    const next = uniqueEmail('graph');
    const answer = await gqlData<{ requestEmailChange: { success: boolean; message: string } }>(
      server.url,
      'mutation($email: String!) { requestEmailChange(email: $email) { success message } }',
      { email: next },
      { token: person.token },
    );
    expect(answer.requestEmailChange).toEqual({ success: true, message: MESSAGES.checkEmail });
    expect(mailsTo(server.dataDir, next)).toHaveLength(1);
    const apiToken = await createApiToken(server, person);
    const byToken = await change(uniqueEmail('token'), apiToken.token);
    expect(byToken.status).toBe(403);
    const overGraphql = await gqlError(
      server.url,
      'mutation($email: String!) { requestEmailChange(email: $email) { success } }',
      { email: uniqueEmail('token') },
      { token: apiToken.token },
    );
    expect(overGraphql.code).toBe('FORBIDDEN');
  });

  it('is limited like every mail: past the limit 429 with Retry-After, and no mail', async () => {
    const person = await signUpVerified(server, { displayName: 'Flooder' });
    let answer = await change(uniqueEmail('flood'), person.token);
    let tries = 1;
    while (answer.status === 200 && tries < 10) {
      answer = await change(uniqueEmail('flood'), person.token);
      tries++;
    }
    expect(answer.status).toBe(429);
    expect(answer.body.error?.code).toBe('RATE_LIMITED');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    const refusedAddress = uniqueEmail('flood');
    expect((await change(refusedAddress, person.token)).status).toBe(429);
    expect(mailsTo(server.dataDir, refusedAddress)).toHaveLength(0);
  });
});

describe('lastScannedWhen', () => {
  const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/u;
  const SPACE = 'ee';
  type Page = ListAnswer<{ id: string; createdAt: string }> & { lastScannedWhen: string | null };
  const page = (query: string) =>
    rest<Page>(server.url, 'GET', `/api/list/v2?path=stories&spaceId=${SPACE}${query}`);

  it('is on every /list/v2 page: the time the list reached, while a list in time order goes on', async () => {
    for (const text of ['First', 'Second', 'Third'])
      await postStory(server, alice, `<p>${text} story #scan</p>`, { spaceId: SPACE });
    const first = await page('&results=2');
    expect(first.body).toEqual({
      success: true,
      items: [expect.any(Object), expect.any(Object)],
      last: expect.any(String),
      lastScannedWhen: expect.stringMatching(ISO),
    });
    expect(first.body.lastScannedWhen).toBe(first.body.items[1]!.createdAt);
    const rest2 = await page(`&results=2&lastDocumentID=${first.body.last}`);
    expect(rest2.body).toMatchObject({ last: null, lastScannedWhen: null });
    expect(rest2.body.items).toHaveLength(1);
    // Ordered by a count, not a time: nothing to name.
    const byComments = await page('&results=1&orderBy=comments');
    expect(byComments.body).toMatchObject({ last: expect.any(String), lastScannedWhen: null });
  });

  it('is on /user/userinfo and me: when the person last went through their notifications', async () => {
    const person = await signUpVerified(server, { displayName: 'Scanner' });
    const info = async () =>
      (await rest<UserAnswer>(server.url, 'GET', '/api/user/userinfo', undefined, person.token))
        .body.user.lastScannedWhen;
    expect(await info()).toBeNull();
    const before = Date.now();
    const cleared = await rest(
      server.url,
      'DELETE',
      '/api/notifications/clearAll',
      undefined,
      person.token,
    );
    expect(cleared.body).toEqual({ success: true });
    const scanned = await info();
    expect(scanned).toMatch(ISO);
    expect(Date.parse(scanned!)).toBeGreaterThanOrEqual(before - 1000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await gqlData(server.url, 'mutation { markAllNotificationsRead }', {}, { token: person.token });
    const me = await gqlData<{ me: { lastScannedWhen: string } }>(
      server.url,
      '{ me { lastScannedWhen } }',
      {},
      { token: person.token },
    );
    expect(Date.parse(me.me.lastScannedWhen)).toBeGreaterThan(Date.parse(scanned!));
    expect(await info()).toBe(me.me.lastScannedWhen);
  });
});

interface ListAnswer<Item = { id: string }> {
  items: Item[];
  last: string | null;
}

describe('results up to 1000 on REST lists', () => {
  /** 110 tags used in one country space: 11 stories of 10 new tags each. */
  const SPACE = 'is';
  beforeAll(async () => {
    for (let story = 0; story < 11; story++) {
      const tags = Array.from({ length: 10 }, (_, tag) => `#page${story}x${tag}`).join(' ');
      await postStory(server, alice, `<p>Tags for a long list ${tags}</p>`, { spaceId: SPACE });
    }
  }, 60_000);

  it('answers a page of up to 1000 rows in one answer, and 100 when results is not given', async () => {
    const all = await rest<ListAnswer>(
      server.url,
      'GET',
      `/api/list/v2?path=tags&spaceId=${SPACE}&orderBy=recent&lang=en&results=1000`,
    );
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(110);
    expect(all.body.last).toBeNull();
    const byDefault = await rest<ListAnswer>(
      server.url,
      'GET',
      `/api/list/v2?path=tags&spaceId=${SPACE}&orderBy=recent`,
    );
    expect(byDefault.body.items).toHaveLength(100);
    expect(byDefault.body.last).toEqual(expect.any(String));
    const sized = await rest<ListAnswer>(
      server.url,
      'GET',
      `/api/list/v2?path=tags&spaceId=${SPACE}&orderBy=recent&results=105&lastDocumentID=`,
    );
    expect(sized.body.items).toHaveLength(105);
  });

  it('pages past 1000 by `last`, and keeps GraphQL’s `first` at 100 at most', async () => {
    const beyond = await rest<ListAnswer>(
      server.url,
      'GET',
      `/api/list/v2?path=tags&spaceId=${SPACE}&orderBy=recent&results=5000`,
    );
    expect(beyond.status).toBe(200);
    expect(beyond.body.items).toHaveLength(110);
    const graphql = await gqlData<{ tags: ListAnswer }>(
      server.url,
      'query($spaceId: ID) { tags(spaceId: $spaceId, orderBy: recent, first: 100) { items { id } last } }',
      { spaceId: SPACE },
    );
    expect(graphql.tags.items).toHaveLength(100);
    expect(graphql.tags.last).toEqual(expect.any(String));
    // GraphQL says the bound rather than cutting a larger page quietly.
    const refused = await gqlError(
      server.url,
      'query($spaceId: ID) { tags(spaceId: $spaceId, first: 1000) { last } }',
      { spaceId: SPACE },
    );
    expect(refused.message).toBe('first must be between 1 and 100');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the cost of a 1000-row REST page (needs TEST_DATABASE_URL: statements are counted on the wire)',
  () => {
    const SPACE = 'no';
    let counted: TestServer;
    let proxy: CountingProxy;
    let dropDatabase: () => Promise<void>;
    let reader: TestUser;

    beforeAll(async () => {
      const database = (await createTestDatabase({ migrated: true }))!;
      dropDatabase = () => database.drop();
      proxy = await startCountingProxy(database.url);
      counted = await startTestServerOn(proxy.url);
      reader = await signUpVerified(counted, { displayName: 'Reader' });
      const writer = await signUpVerified(counted, { displayName: 'Writer' });
      for (let index = 0; index < 12; index++)
        await postStory(counted, writer, `<p>Story ${index} #water</p>`, { spaceId: SPACE });
    }, 120_000);
    afterAll(async () => {
      await counted?.stop();
      await proxy?.close();
      await dropDatabase?.();
    });

    async function statementsFor(results: number) {
      const before = proxy.snapshot();
      const page = await rest<ListAnswer>(
        counted.url,
        'GET',
        `/api/list/v2?path=stories&spaceId=${SPACE}&results=${results}`,
        undefined,
        reader.token,
      );
      expect(page.body.items).toHaveLength(Math.min(results, 12));
      const delta = diffCounts(proxy.snapshot(), before);
      return delta.execute + delta.query;
    }

    it('costs the same statements for results=1000 as for results=5', async () => {
      // Prepares each size's statements once.
      await statementsFor(5);
      await statementsFor(1000);
      expect(await statementsFor(1000)).toBe(await statementsFor(5));
    });
  },
);
