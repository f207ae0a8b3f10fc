import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, openDirectChat, signUpVerified, type TestUser } from '../helpers/factories';
import { MOBILE, shows, signedInShell, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * The chat shell in Chromium: the drawer's lists and empty states, creating a channel in two
 * steps with the spec's messages, finding and joining it (listed at once, in the drawer and beside
 * it on the /chat page), the group menu by role, a group's info page for members only, presence
 * dots going live, and the /chat page on a phone. The conversation itself is chat.test.ts's.
 */

/** Opens the chat drawer from the header's Chat button. */
async function openDrawer(page: Page) {
  await page.getByRole('button', { name: /^Chat/ }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Chat' });
  await shows(drawer.getByRole('region', { name: 'Space chat' }));
  return drawer;
}

describe.skipIf(chromiumMissing)('the chat shell in the browser', () => {
  let app: BrowserApp;
  let ada: TestUser;
  let bo: TestUser;

  beforeAll(async () => {
    app = await startBrowserApp();
    ada = await signUpVerified(app.server, { displayName: 'Ada' });
    bo = await signUpVerified(app.server, { displayName: 'Bo' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('creates a channel in two steps, which another person finds and joins; the group menu follows the role', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: ada });
    await page.goto(`${app.server.url}/stories/recent`);
    await signedInShell(page);
    const drawer = await openDrawer(page);
    await shows(drawer.getByText("You haven't created or joined any channels (yet)!"));
    await shows(drawer.getByText("You haven't any direct chats yet"));

    await drawer.getByRole('button', { name: 'Create channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create channel' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await shows(dialog.getByText('Name Required.'));
    await dialog.getByRole('textbox', { name: 'Channel name' }).fill('ab');
    await shows(dialog.getByText('Please enter min 3 characters'));
    await dialog.getByRole('textbox', { name: 'Channel name' }).fill('Well builders');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await shows(dialog.getByText('Choose public or private'));
    await dialog.getByRole('radio', { name: 'Public' }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();

    // The new channel opens in the drawer; its author may delete it, not leave it.
    await shows(drawer.getByRole('heading', { name: 'Well builders' }));
    await drawer.getByRole('button', { name: 'Conversation options' }).click();
    const menu = page.getByRole('menu');
    await shows(menu.getByRole('menuitem', { name: 'Delete Group' }));
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Group Info', 'Group Members', 'Add Member', 'Delete Group']);
    await page.keyboard.press('Escape');

    const boPage = await app.newPage({ as: bo });
    await boPage.goto(`${app.server.url}/stories/recent`);
    await signedInShell(boPage);
    const boDrawer = await openDrawer(boPage);
    await boDrawer.getByRole('button', { name: 'Find channels' }).click();
    await boDrawer.getByRole('button', { name: 'Join' }).click();
    await shows(boDrawer.getByRole('heading', { name: 'Well builders' }));
    await boDrawer.getByRole('button', { name: 'Conversation options' }).click();
    const boItems = await boPage.getByRole('menu').getByRole('menuitem').allTextContents();
    expect(boItems).toEqual(['Group Info', 'Group Members', 'Add Member', 'Leave Group']);
    await boPage.keyboard.press('Escape');
    // Back at the lists, the channel just joined is among his.
    await boDrawer.getByRole('button', { name: 'Back to conversations' }).click();
    const boChannels = boDrawer.getByRole('region', { name: 'Channels' });
    await shows(boChannels.getByRole('link', { name: /Well builders/ }));
    expect(await boChannels.getByText("You haven't created or joined any channels").count()).toBe(
      0,
    );
    // Bo goes offline for the next test.
    await boPage.context().close();
  });

  it('on the /chat page, a channel joined from Find channels is listed beside it at once', async () => {
    app.screenshotsOnFailure();
    const cy = await signUpVerified(app.server, { displayName: 'Cy' });
    const page = await app.newPage({ as: cy });
    await page.goto(`${app.server.url}/chat`);
    await shows(page.getByRole('heading', { name: 'Chat', level: 1 }));
    await page.getByRole('button', { name: 'Find channels' }).click();
    await page.getByRole('button', { name: 'Join' }).click();
    await page.waitForURL(/\/chat\/[^/?]+$/);
    await shows(page.getByRole('heading', { name: 'Well builders' }));

    const channels = page.getByRole('region', { name: 'Channels' });
    const joined = channels.getByRole('link', { name: /Well builders/ });
    await shows(joined);
    expect(await joined.getAttribute('aria-current')).toBe('page');
    for (const deadEnd of [
      "You haven't created or joined any channels (yet)!",
      'There are no public channels to join in this space',
    ])
      expect(await page.getByText(deadEnd).count(), deadEnd).toBe(0);
  });

  it("/chat/{id}/info is the group's info page for its members, and a 404 for anyone else", async () => {
    app.screenshotsOnFailure();
    const group = await createChannel(app.server, ada, {
      type: 'private',
      name: 'Seed savers',
      description: 'Swapping seeds before the rains',
      members: [bo],
    });
    const page = await app.newPage({ as: bo });
    await page.goto(`${app.server.url}/chat/${group.id}`);
    // On the page, the group menu's Group Info opens it.
    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('menuitem', { name: 'Group Info' }).click();
    await page.waitForURL(`**/chat/${group.id}/info`);
    const heading = page.getByRole('heading', { name: 'Seed savers: group info', level: 1 });
    await shows(heading);
    await shows(page.getByText('Swapping seeds before the rains'));
    await shows(
      page.getByRole('list', { name: 'Group Members' }).getByRole('link', { name: /Ada/ }),
    );
    await expect.poll(() => page.title()).toBe('Seed savers: group info · Bumps');

    const stranger = await signUpVerified(app.server, { displayName: 'Stranger' });
    const strangerPage = await app.newPage({ as: stranger });
    await strangerPage.goto(`${app.server.url}/chat/${group.id}/info`);
    await shows(strangerPage.getByTestId('error-page'));
    await shows(strangerPage.getByRole('heading', { name: '404 Not Found' }));
    expect(await strangerPage.getByText('Seed savers').count()).toBe(0);
    // Bo goes offline for the next test.
    await page.context().close();
  });

  it('shows a direct chat with its presence dot, live as the other person comes and goes', async () => {
    app.screenshotsOnFailure();
    await openDirectChat(app.server, ada, bo);
    const page = await app.newPage({ as: ada });
    await page.goto(`${app.server.url}/stories/recent`);
    await signedInShell(page);
    const drawer = await openDrawer(page);
    const directChats = drawer.getByRole('region', { name: 'Direct chats' });
    const dot = directChats.getByRole('link', { name: /Bo/ }).getByRole('img');
    await expect.poll(() => dot.getAttribute('data-presence')).toBe('offline');

    const boPage = await app.newPage({ as: bo });
    await boPage.goto(`${app.server.url}/stories/recent`);
    await signedInShell(boPage);
    await expect.poll(() => dot.getAttribute('data-presence')).toBe('online');

    await boPage.context().close();
    await expect.poll(() => dot.getAttribute('data-presence')).toBe('offline');
    await expect.poll(() => dot.getAttribute('aria-label')).toMatch(/^Last seen /);
  });

  it('on a phone, /chat shows the lists, then one conversation at a time', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: ada, viewport: MOBILE });
    await page.goto(`${app.server.url}/chat`);
    await shows(page.getByRole('heading', { name: 'Chat', level: 1 }));
    await page
      .getByRole('region', { name: 'Channels' })
      .getByRole('link', { name: /Well builders/ })
      .click();
    await page.waitForURL(/\/chat\/[^/?]+$/);
    await shows(page.getByRole('heading', { name: 'Well builders' }));
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await shows(page.getByRole('heading', { name: 'Chat', level: 1 }));

    const visitor = await app.newPage({ viewport: MOBILE });
    await visitor.goto(`${app.server.url}/chat`);
    await visitor.waitForURL(/\/auth\/login/);
  });
});
