import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/src/start';
import { SKIP_REASON, chromiumMissing, ensureClientBuilt, launchChromium } from './browser';
import { migratedDataDir } from '../helpers/database-templates';

type Running = Awaited<ReturnType<typeof startServer>>;

/** The newest e-mail written to the outbox for `to`. */
function latestMail(dataDir: string, to: string): { link: string } {
  const outbox = path.join(dataDir, 'outbox');
  const mails = readdirSync(outbox)
    .sort()
    .map(
      (file) =>
        JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; link: string },
    )
    .filter((mail) => mail.to === to);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${to} in ${outbox}`);
  return mail;
}

describe.skipIf(chromiumMissing)('a person joins and shares a first story', () => {
  let server: Running;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    ensureClientBuilt();
    dataDir = migratedDataDir('e2e-');
    server = await startServer({
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs up, verifies, signs in, posts, and a second browser sees the story live', async () => {
    const email = `asha.${Date.now()}@example.org`;
    const author = await browser.newContext();
    const page = await author.newPage();

    await page.goto(`${server.url}/auth/signUp`);
    await page.getByLabel('Display name').fill('Asha');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('sunrise42');
    await page.getByLabel('Confirm password').fill('sunrise42');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Please check your email.').isVisible()).toBe(true);

    // The verification link from the outbox, opened as the person would from their mail.
    const { link } = latestMail(dataDir, email);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await expect
      .poll(() => page.getByText('E-mail verified').isVisible(), { timeout: 10_000 })
      .toBe(true);

    await page.goto(`${server.url}/auth/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('sunrise42');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/stories/recent');

    // A reader who is not signed in keeps the feed open in another browser.
    const reader = await browser.newContext();
    const readerPage = await reader.newPage();
    await readerPage.goto(`${server.url}/stories/recent`);
    await expect
      .poll(() => readerPage.getByRole('button', { name: 'Post a story' }).isVisible())
      .toBe(true);

    const text = `Rain water harvesting saved our well ${Date.now()} #water`;
    await page.getByRole('button', { name: 'Post a story' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Story', exact: true }).fill(text);
    await dialog.getByRole('button', { name: 'Publish' }).click();

    await expect.poll(() => readerPage.getByText(text).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(text).isVisible()).toBe(true);
    await reader.close();
    await author.close();
  }, 120_000);

  it('switches to Telugu, and the choice survives a reload', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/auth/login`);
    await page.getByText('తెలుగు', { exact: true }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'సైన్ ఇన్' }).count()).toBeGreaterThan(0);

    await page.goto(`${server.url}/stories/recent`);
    await expect.poll(() => page.getByText('దృక్కోణాలు').first().isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByText('దృక్కోణాలు').first().isVisible()).toBe(true);
    expect(await page.getByText('Perspectives').count()).toBe(0);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('te');
    await context.close();
  }, 60_000);
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
