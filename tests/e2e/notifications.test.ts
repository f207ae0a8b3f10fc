import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import { addComment, postStory, react, signUpVerified, type TestUser } from '../helpers/factories';
import { shows, signedInShell, startBrowserApp, type BrowserApp } from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * The notifications pages in the browser: the bell's badge, a notification opening its item and
 * becoming read, and 'Clear all' asking first. (B's badge rising live when A comments is the
 * lead's end-to-end scenario.)
 */

const UNREAD = `query { me { totalNotifications } notifications(filter: "all") { items { id kind isRead } } }`;

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
    const story = await postStory(server, author.token, '<p>Seed bank for the #village</p>');
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
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
