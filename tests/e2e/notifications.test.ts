import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import type { Locator, Page } from 'playwright-core';
import {
  addComment,
  postProblem,
  postStory,
  react,
  setProblemStatus,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import {
  DESKTOP,
  MOBILE,
  shows,
  signedInShell,
  startBrowserApp,
  type BrowserApp,
} from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * The notifications pages in the browser: the bell's badge, a notification opening its item and
 * becoming read, and 'Clear all' asking first; a notification names what it is about, the bell is
 * a plain bell, and toasts leave the header's controls uncovered. (B's badge rising live when A
 * comments is the lead's end-to-end scenario.)
 */

/** The bell's icon: tabler draws each icon as an svg with its name in the class. */
const bellIcon = (bell: Locator) =>
  bell
    .locator('svg')
    .evaluate((svg) => [...svg.classList].find((name) => name.startsWith('tabler-icon-')));

/** Whether two elements' boxes overlap on the screen. */
async function overlap(page: Page, a: Locator, b: Locator) {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  if (!first || !second) throw new Error(`${page.url()}: an element is not on the screen`);
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

const UNREAD = `query { me { totalNotifications } notifications(filter: all) { items { id kind isRead } } }`;

interface Unread {
  me: { totalNotifications: number };
  notifications: { items: { id: string; kind: string; isRead: boolean }[] };
}

describe.skipIf(chromiumMissing)('notifications in the browser', () => {
  let app: BrowserApp;
  let author: TestUser;
  let storyId: string;

  beforeAll(async () => {
    app = await startBrowserApp();
    const { server } = app;
    author = await signUpVerified(server, { displayName: 'Asha' });
    const reader = await signUpVerified(server, { displayName: 'Bala' });
    const story = await postStory(server, author, '<p>Seed bank for the #village</p>');
    storyId = story.id;
    await addComment(
      server,
      reader,
      { itemType: 'stories', itemId: storyId },
      '<p>Count me in</p>',
    );
    await react(server, reader, { itemType: 'stories', itemId: storyId }, 'celebrate');
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('opens a notification on its item and marks it read; clear all asks first', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: author });
    await page.goto(`${app.server.url}/stories/recent`);
    await signedInShell(page);

    // The bell names the unread count and shows it as the badge.
    const bell = page.getByRole('link', { name: 'Notifications: 2 unread' });
    await shows(bell);
    await expect.poll(() => page.getByTestId('notification-badge').textContent()).toContain('2');

    await bell.click();
    await page.waitForURL('**/notifications/all');
    const comment = page.getByText('Bala commented on your story');
    await shows(comment);
    await shows(page.getByText('Bala reacted to your story'));

    await comment.click();
    await page.waitForURL(`**/story/${storyId}`);
    await shows(page.getByText('Count me in'));
    const after = await gqlData<Unread>(app.server.url, UNREAD, {}, { token: author.token });
    expect(after.me.totalNotifications).toBe(1);
    expect(after.notifications.items.find((item) => item.kind === 'comment')?.isRead).toBe(true);
    await shows(page.getByRole('link', { name: 'Notifications: 1 unread' }));

    await page.goto(`${app.server.url}/notifications/all`);
    await page.getByRole('button', { name: 'Clear all' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear all notifications?' });
    await shows(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await shows(page.getByText('Bala reacted to your story'));

    await page.getByRole('button', { name: 'Clear all' }).click();
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await shows(page.getByText('No notifications yet'));
    await shows(page.getByRole('link', { name: 'Notifications', exact: true }));
    const cleared = await gqlData<Unread>(app.server.url, UNREAD, {}, { token: author.token });
    expect(cleared.notifications.items).toEqual([]);
  });

  it('names the problem a status change is about, under a plain bell with the count in its name', async () => {
    app.screenshotsOnFailure();
    const { server } = app;
    const owner = await signUpVerified(server, { displayName: 'Owner' });
    const joiner = await signUpVerified(server, { displayName: 'Joiner' });
    const problem = await postProblem(server, owner, 'Dry wells in Ward 12');
    await gqlData(
      server.url,
      `mutation($id: ID!) { joinProblem(id: $id) { id } }`,
      { id: problem.id },
      { token: joiner.token },
    );
    await setProblemStatus(server, owner, problem.id, 'solved');

    const page = await app.newPage({ as: joiner });
    await page.goto(`${server.url}/notifications/all`);
    await shows(page.getByText('The problem “Dry wells in Ward 12” you joined is now Solved'));
    // Unread, and the bell is still a bell (not the crossed-out "notifications off" one).
    const bell = page.getByRole('link', { name: 'Notifications: 1 unread' });
    await shows(bell);
    expect(await bellIcon(bell)).toBe('tabler-icon-bell');
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const)
    it(`shows toasts clear of the bell and the account menu (${name})`, async () => {
      app.screenshotsOnFailure();
      const reader = await signUpVerified(app.server, { displayName: 'Reader' });
      const story = await postStory(app.server, reader, '<p>Toasts #village</p>');
      await addComment(app.server, author, { itemType: 'stories', itemId: story.id });
      const page = await app.newPage({ as: reader, viewport });
      await page.goto(`${app.server.url}/notifications/all`);
      await signedInShell(page);
      await page.getByRole('button', { name: 'Mark all read' }).click();
      const toast = page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'All notifications marked read' });
      await shows(toast);
      const header = page.locator('header');
      for (const control of [
        header.getByRole('link', { name: /^Notifications/ }),
        header.getByRole('button', { name: 'Account menu' }),
      ])
        expect(await overlap(page, toast, control), String(control)).toBe(false);
      // Outside the toast itself the page keeps its clicks: no toast container lies over it.
      const { width, height } = page.viewportSize()!;
      const atCentre = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('.mantine-Notifications-root'),
        [width / 2, height / 2],
      );
      expect(atCentre).toBeNull();
    });
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
