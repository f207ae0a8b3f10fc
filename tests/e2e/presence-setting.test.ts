import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import { openDirectChat, signUpVerified, type TestUser } from '../helpers/factories';
import { MOBILE, shows, signedInShell, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * The presence switch on /settings/account in Chromium: turned off, the person's dot in a
 * co-member's chat drawer goes offline with no last seen; turned on, it shows them again. The
 * switch reads in the person's language, on a phone too.
 */

/** The direct chat's dot for `name` in the chat drawer of `page`. */
async function dotOf(page: Page, name: string) {
  await page.getByRole('button', { name: /^Chat/ }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Chat' });
  const directChats = drawer.getByRole('region', { name: 'Direct chats' });
  return directChats.getByRole('link', { name: new RegExp(name) }).getByRole('img');
}

/** The switch once the setting has loaded: until then it is drawn disabled and off. */
async function loadedSwitch(page: Page, name: string) {
  const toggle = page.getByRole('switch', { name });
  await shows(toggle);
  await expect.poll(() => toggle.isEnabled()).toBe(true);
  return toggle;
}

describe.skipIf(chromiumMissing)('the presence setting in the browser', () => {
  let app: BrowserApp;
  let ada: TestUser;
  let bo: TestUser;

  beforeAll(async () => {
    app = await startBrowserApp();
    ada = await signUpVerified(app.server, { displayName: 'Ada' });
    bo = await signUpVerified(app.server, { displayName: 'Bo' });
    await openDirectChat(app.server, bo, ada);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('hides the person from a co-member’s drawer, and shows them again', async () => {
    app.screenshotsOnFailure();
    const boPage = await app.newPage({ as: bo });
    await boPage.goto(`${app.server.url}/stories/recent`);
    await signedInShell(boPage);
    const dot = await dotOf(boPage, 'Ada');

    const page = await app.newPage({ as: ada });
    await page.goto(`${app.server.url}/settings/account`);
    const toggle = await loadedSwitch(page, 'Show when I am online');
    expect(await toggle.isChecked()).toBe(true);
    await expect.poll(() => dot.getAttribute('data-presence')).toBe('online');

    await toggle.click();
    await shows(page.getByText('You now appear offline to everyone'));
    await expect.poll(() => dot.getAttribute('data-presence')).toBe('offline');
    expect(await dot.getAttribute('aria-label')).toBe('Offline');

    await page.reload();
    const reloaded = await loadedSwitch(page, 'Show when I am online');
    expect(await reloaded.isChecked()).toBe(false);
    await reloaded.click();
    await shows(page.getByText('Others you chat with can see when you are online'));
    await expect.poll(() => dot.getAttribute('data-presence')).toBe('online');
  });

  it('reads in Telugu on a phone', async () => {
    app.screenshotsOnFailure();
    await gqlData(
      app.server.url,
      `mutation { updateLanguage(appLang: "te") { id } }`,
      {},
      { token: ada.token },
    );
    const page = await app.newPage({ as: ada, viewport: MOBILE });
    await page.goto(`${app.server.url}/settings/account`);
    const toggle = await loadedSwitch(page, 'నేను ఆన్‌లైన్‌లో ఉన్నప్పుడు చూపించు');
    await toggle.click();
    await shows(page.getByText('ఇప్పుడు మీరు అందరికీ ఆఫ్‌లైన్‌గా కనిపిస్తారు'));
    expect(await toggle.isChecked()).toBe(false);
  });
});
