import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema';
import { sendDigests } from '../../server/src/modules/notifications/digest.service';
import { gql, gqlData, gqlError, mailsTo, type Mail } from '../helpers/clients';
import {
  SET_DIGEST_EMAILS,
  addComment,
  lastSeenAt,
  postStory,
  setDigestEmails,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The e-mail digest: people away for a day with unread notifications get one e-mail listing
 * them, at most one a day, with a one-click unsubscribe link; a setting turns it off. The tests
 * run `sendDigests` at a time of their choosing (the scheduler is off in tests).
 */
let server: TestServer;
let ada: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  ada = await signUpVerified(server, { displayName: 'Ada' });
});
afterAll(async () => {
  await server?.stop();
});

const HOUR = 3600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

type DigestMail = Mail & { headers?: Record<string, string> };
/** What a browser sends when a person opens the e-mail's link. */
const AS_A_BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** The digests in `user`'s outbox (the only mails with an unsubscribe header). */
const digestsTo = (user: TestUser) =>
  (mailsTo(server.dataDir, user.email) as DigestMail[]).filter(
    (mail) => mail.headers?.['List-Unsubscribe'] !== undefined,
  );

/** `user` posts `count` stories and Ada comments on each: one unread notification per story. */
async function withUnread(user: TestUser, count: number) {
  const stories = [];
  for (let i = 1; i <= count; i++) {
    const story = await postStory(server, user, `<p>Story ${i} #digest</p>`);
    await addComment(server, ada, { itemType: 'stories', itemId: story.id });
    stories.push(story);
  }
  return stories;
}

const unsubscribeLinkOf = (mail: DigestMail) =>
  /<([^>]+)>/u.exec(mail.headers!['List-Unsubscribe']!)![1]!;

const digestSetting = async (user: TestUser) =>
  (
    await gqlData<{ me: { digestEmails: boolean } }>(
      server.url,
      '{ me { digestEmails } }',
      {},
      user,
    )
  ).me.digestEmails;

describe('the daily digest', () => {
  it('sends a person away for a day one e-mail listing their unread notifications, newest first', async () => {
    const bala = await signUpVerified(server, { displayName: 'Bala' });
    const stories = await withUnread(bala, 3);

    expect(await sendDigests(server.deps, later(25))).toBeGreaterThanOrEqual(1);
    const digests = digestsTo(bala);
    expect(digests).toHaveLength(1);
    const [mail] = digests;
    expect(mail!.subject).toBe('You have 3 unread notifications');
    expect(mail!.text).toContain('Hello Bala');
    const links = stories.map((story) => mail!.text.indexOf(`/story/${story.id}`));
    expect(links.every((at) => at > 0)).toBe(true);
    expect(links).toEqual([...links].sort((a, b) => b - a));
    expect(mail!.text.match(/Ada commented on your story/gu)).toHaveLength(3);
    // Each line names its story by its opening words.
    for (const i of [1, 2, 3])
      expect(mail!.text).toContain(`Ada commented on your story “Story ${i} #digest”`);
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail!.text).toContain(unsubscribeLinkOf(mail!));
  });

  it('sends nothing more on the next run, nor the next hour', async () => {
    const bala = await signUpVerified(server);
    await withUnread(bala, 1);
    await sendDigests(server.deps, later(25));
    await sendDigests(server.deps, later(25));
    await sendDigests(server.deps, later(26));
    expect(digestsTo(bala)).toHaveLength(1);
  });

  it('sends one e-mail when two processes run at once', async () => {
    const bala = await signUpVerified(server);
    await withUnread(bala, 2);
    const at = later(25);
    await Promise.all([sendDigests(server.deps, at), sendDigests(server.deps, at)]);
    expect(digestsTo(bala)).toHaveLength(1);
  });

  it('sends nothing to someone seen an hour ago, nor to someone with nothing unread', async () => {
    const [recent, idle] = [await signUpVerified(server), await signUpVerified(server)];
    await withUnread(recent, 1);
    await lastSeenAt(server, recent, later(24));
    await sendDigests(server.deps, later(25));
    expect(digestsTo(recent)).toEqual([]);
    expect(digestsTo(idle)).toEqual([]);
  });

  it('sends the next digest a day later only when something new arrived', async () => {
    const bala = await signUpVerified(server);
    await withUnread(bala, 1);
    await sendDigests(server.deps, later(25));
    await sendDigests(server.deps, later(50));
    expect(digestsTo(bala)).toHaveLength(1);
  });

  it('writes the digest in the person’s language', async () => {
    const ravi = await signUpVerified(server, { displayName: 'Ravi' });
    await gql(server.url, 'mutation { updateLanguage(appLang: "te") { appLang } }', {}, ravi);
    await withUnread(ravi, 2);
    await sendDigests(server.deps, later(25));
    const [mail] = digestsTo(ravi);
    expect(mail!.subject).toBe('మీకు 2 చదవని నోటిఫికేషన్లు ఉన్నాయి');
    expect(mail!.text).toContain('Ada మీ “Story 1 #digest” కథపై వ్యాఖ్యానించారు');
  });
});

describe('when a person was last seen', () => {
  it('is recorded by their signed-in requests, not by anyone else’s', async () => {
    const person = await signUpVerified(server);
    const seen = async () => {
      const [row] = await server.deps.db
        .select({ lastSeenAt: users.lastSeenAt })
        .from(users)
        .where(eq(users.id, person.id));
      return row?.lastSeenAt?.getTime() ?? 0;
    };
    await lastSeenAt(server, person, new Date(Date.now() - 48 * HOUR));
    await gql(server.url, '{ pushWanted }');
    expect(await seen()).toBeLessThan(Date.now() - 47 * HOUR);
    const before = Date.now();
    // A new person's first request: the process has not recorded them in the last minutes.
    const fresh = await signUpVerified(server);
    await lastSeenAt(server, fresh, new Date(before - 48 * HOUR));
    await gql(server.url, '{ me { id } }', {}, fresh);
    await expect
      .poll(async () => {
        const [row] = await server.deps.db
          .select({ lastSeenAt: users.lastSeenAt })
          .from(users)
          .where(eq(users.id, fresh.id));
        return row?.lastSeenAt?.getTime() ?? 0;
      })
      .toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('turning the digest off', () => {
  it('turns it off from the e-mail’s link without signing in, and then sends nothing', async () => {
    const bala = await signUpVerified(server);
    await withUnread(bala, 1);
    await sendDigests(server.deps, later(25));
    const link = unsubscribeLinkOf(digestsTo(bala)[0]!);

    const page = await fetch(link, { headers: AS_A_BROWSER });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/u);
    expect(await page.text()).toContain('You will no longer receive e-mail digests.');
    expect(await digestSetting(bala)).toBe(false);

    await withUnread(bala, 1);
    await sendDigests(server.deps, later(50));
    expect(digestsTo(bala)).toHaveLength(1);
  });

  it('turns it off with the mail program’s one-click POST (List-Unsubscribe-Post)', async () => {
    const bala = await signUpVerified(server);
    await withUnread(bala, 1);
    await sendDigests(server.deps, later(25));
    const answer = await fetch(unsubscribeLinkOf(digestsTo(bala)[0]!), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    expect(await digestSetting(bala)).toBe(false);
  });

  it('refuses a forged or altered link and changes nothing', async () => {
    const bala = await signUpVerified(server);
    for (const token of [`${bala.id}.forged`, bala.id, 'nonsense', '']) {
      const link = `${server.url}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
      const page = await fetch(link, { headers: AS_A_BROWSER });
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('This unsubscribe link is not valid.');
      // An API client gets the REST error shape.
      const answer = await fetch(link);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    expect(await digestSetting(bala)).toBe(true);
  });

  it('is a setting: signed out refused, off sends nothing, on again sends', async () => {
    expect((await gqlError(server.url, SET_DIGEST_EMAILS, { on: false })).code).toBe(
      'UNAUTHENTICATED',
    );
    const bala = await signUpVerified(server);
    expect(await digestSetting(bala)).toBe(true);
    expect(await setDigestEmails(server, bala, false)).toBe(false);
    await withUnread(bala, 1);
    await sendDigests(server.deps, later(25));
    expect(digestsTo(bala)).toEqual([]);
    expect(await setDigestEmails(server, bala, true)).toBe(true);
    await sendDigests(server.deps, later(25));
    expect(digestsTo(bala)).toHaveLength(1);
  });
});
