import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, rest, tokenFromMail } from '../helpers/clients';
import { signUpVerified, type TestUser } from '../helpers/factories';
import {
  MOBILE,
  shows,
  signedInShell,
  startBrowserApp,
  STEP_MS,
  type BrowserApp,
} from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * Signing in as a person notices it: no 'Sign in' flashing on a signed-in load, focus on the new
 * page after Continue, the Story dialog back after signing in to post one, and a dead reset link
 * saying so before its form is filled.
 */

/** What `document.activeElement` is, as a short description ('BODY' when focus was lost). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'BODY';
    return `${element.tagName}${element.closest('main') ? ' in main' : ''}: ${element.textContent?.trim().slice(0, 40) ?? ''}`;
  });

async function fillSignIn(page: Page, user: TestUser) {
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe.skipIf(chromiumMissing)('signing in and resetting a password', () => {
  let app: BrowserApp;
  let person: TestUser;

  beforeAll(async () => {
    app = await startBrowserApp();
    person = await signUpVerified(app.server, { displayName: 'Kiran' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it("never shows 'Sign in' while a signed-in page loads", async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: person });
    // Installed before the app's scripts: remembers whether a 'Sign in' button was ever rendered.
    await page.addInitScript(() => {
      const seen = { signIn: false };
      Object.assign(window, { seen });
      new MutationObserver(() => {
        if (seen.signIn) return;
        seen.signIn = [...document.querySelectorAll('button')].some(
          (button) => button.textContent?.trim() === 'Sign in',
        );
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    for (const path of ['/stories/recent', '/problems/recent']) {
      await page.goto(`${app.server.url}${path}`);
      await signedInShell(page);
      expect(
        await page.evaluate(() => (window as unknown as { seen: { signIn: boolean } }).seen.signIn),
        `'Sign in' showed while ${path} loaded`,
      ).toBe(false);
    }
  });

  it('puts focus on the feed after signing in on the login page and in the login box', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    await page.goto(`${app.server.url}/auth/login`);
    await fillSignIn(page, person);
    await page.waitForURL('**/stories/recent');
    await signedInShell(page);
    await expect.poll(() => focused(page), { timeout: STEP_MS }).toMatch(/^H\d in main/);

    const boxPage = await app.newPage({ viewport: MOBILE });
    await boxPage.goto(`${app.server.url}/problems/recent`);
    await boxPage.getByRole('button', { name: 'Sign in' }).click();
    await fillSignIn(boxPage, person);
    await boxPage.waitForURL('**/stories/recent');
    await signedInShell(boxPage);
    await expect.poll(() => focused(boxPage), { timeout: STEP_MS }).toMatch(/^H\d in main/);
  });

  it('opens the Story dialog once a visitor who chose Story on the plus button has signed in', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    await page.goto(`${app.server.url}/problems/recent`);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Story' }).click();
    const loginBox = page.getByRole('dialog', { name: 'Welcome to Bumps' });
    await shows(loginBox);
    await fillSignIn(page, person);
    await shows(page.getByRole('dialog', { name: 'Share your perspective' }));
    await signedInShell(page);
    expect(await loginBox.isVisible()).toBe(false);
    // The visitor stays where they were.
    expect(new URL(page.url()).pathname).toBe('/problems/recent');
  });

  it("opens the Story dialog after signing in from the feed's 'Post a story'", async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ viewport: MOBILE });
    await page.goto(`${app.server.url}/stories/recent`);
    await page.getByRole('button', { name: 'Post a story' }).click();
    await fillSignIn(page, person);
    await shows(page.getByRole('dialog', { name: 'Share your perspective' }));
  });

  it('drops the intent when the visitor closes the login box instead', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    await page.goto(`${app.server.url}/stories/recent`);
    await page.getByRole('button', { name: 'Post a story' }).click();
    const loginBox = page.getByRole('dialog', { name: 'Welcome to Bumps' });
    await shows(loginBox);
    await loginBox.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => loginBox.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await fillSignIn(page, person);
    await signedInShell(page);
    await expect.poll(() => focused(page), { timeout: STEP_MS }).toMatch(/^H\d in main/);
    expect(await page.getByRole('dialog', { name: 'Share your perspective' }).isVisible()).toBe(
      false,
    );
  });

  it('goes on from /auth/auth-action without a token: to sign-in, or to the feed when signed in', async () => {
    app.screenshotsOnFailure();
    const visitor = await app.newPage();
    for (const query of ['', '?mode=verifyEmail', '?token=abc', '?mode=resetPassword&token=']) {
      await visitor.goto(`${app.server.url}/auth/auth-action${query}`);
      await visitor.waitForURL('**/auth/login');
      await shows(visitor.getByRole('button', { name: 'Continue' }));
      expect(await visitor.getByText('This link did not work').count(), query).toBe(0);
    }
    const signedIn = await app.newPage({ as: person });
    await signedIn.goto(`${app.server.url}/auth/auth-action`);
    await signedIn.waitForURL('**/stories/recent');
    await signedInShell(signedIn);
  });

  const openLink = async (page: Page, token: string) =>
    page.goto(
      `${app.server.url}/auth/auth-action?mode=resetPassword&token=${encodeURIComponent(token)}`,
    );

  it('says at once that a used or made-up reset link is invalid, and offers a new one', async () => {
    app.screenshotsOnFailure();
    const person = await signUpVerified(app.server, { displayName: 'Meena' });
    await rest(app.server.url, 'POST', '/api/auth/forgot-password', { email: person.email });
    const token = tokenFromMail(latestMailTo(app.server.dataDir, person.email));
    const page = await app.newPage();

    // A fresh link shows the form (and opening it uses nothing up).
    await openLink(page, token);
    await shows(page.getByLabel('New password'));
    await page.reload();
    await shows(page.getByLabel('New password'));

    const used = await rest(app.server.url, 'POST', '/api/auth/reset-password', {
      token,
      password: 'brand-new-password',
    });
    expect(used.status).toBe(200);

    for (const dead of [token, 'made-up-token']) {
      await openLink(page, dead);
      await shows(page.getByText('This link is invalid or has expired'));
      expect(await page.getByLabel('New password').count()).toBe(0);
      await page.getByRole('link', { name: 'Send a new link' }).click();
      await page.waitForURL('**/auth/forgotPassword');
    }
  });
});

describe.skipIf(!chromiumMissing)('signing in and resetting a password', () => {
  it.skip(SKIP_REASON, () => undefined);
});
