import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/src/start';
import { postStory, signUpVerified, type TestUser } from '../helpers/factories';
import type { TestServer } from '../helpers/server';
import { SKIP_REASON, chromiumMissing, ensureClientBuilt, launchChromium } from './browser';
import { migratedDataDir } from '../helpers/database-templates';

/**
 * Signing out in one tab ends the session for the others too: the server closes the session's
 * websockets, and every open tab shows itself signed out without a reload, its live feed still
 * live (now as a visitor).
 */
/**
 * Counts the storyAdded subscriptions `page` sends over its websocket, so a test posts only once
 * the live feed listens (a story posted before that is rightly not delivered).
 */
function countLiveFeedSubscribes(page: Page) {
  let sent = 0;
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (
        typeof payload === 'string' &&
        payload.includes('"subscribe"') &&
        payload.includes('storyAdded')
      )
        sent += 1;
    }),
  );
  return async (atLeast: number) => {
    await expect.poll(() => sent, { timeout: 15_000 }).toBeGreaterThanOrEqual(atLeast);
    // The server resolves the space before it listens (as tests/helpers/clients.ts allows for).
    await new Promise((resolve) => setTimeout(resolve, 500));
    return sent;
  };
}

describe.skipIf(chromiumMissing)('a session that ends in another tab', () => {
  let running: Awaited<ReturnType<typeof startServer>>;
  let server: TestServer;
  let browser: Browser;
  let reader: TestUser;
  let writer: TestUser;

  beforeAll(async () => {
    ensureClientBuilt();
    const dataDir = migratedDataDir('e2e-');
    running = await startServer({
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
    });
    server = { url: running.url, dataDir, deps: running.deps, stop: () => running.stop() };
    [reader, writer] = await Promise.all([
      signUpVerified(server, { displayName: 'Ravi Reader' }),
      signUpVerified(server, { displayName: 'Wen Writer' }),
    ]);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('signs the other tab out at once, and its feed stays live', async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'session', value: reader.token, url: server.url }]);
    const [leaving, staying] = [await context.newPage(), await context.newPage()];
    const stayingSubscribed = countLiveFeedSubscribes(staying);
    for (const page of [leaving, staying]) {
      await page.goto(`${server.url}/stories/recent`);
      await expect
        .poll(() => page.getByRole('button', { name: 'Account menu' }).isVisible())
        .toBe(true);
    }
    // The staying tab's feed is live: a new story shows without a reload.
    const subscribes = await stayingSubscribed(1);
    const before = await postStory(server, writer, `<p>Before ${Date.now()} #wells</p>`);
    await expect
      .poll(() => staying.getByText(before.story.replace(/<[^>]+>/gu, '')).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    await leaving.getByRole('button', { name: 'Account menu' }).click();
    await leaving.getByRole('menuitem', { name: 'Logout' }).click();

    // No reload in the staying tab: it learns from its closed websocket.
    await expect
      .poll(() => staying.getByRole('button', { name: 'Sign in' }).first().isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await staying.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    // Signed out, the feed subscribes again, now as a visitor.
    await stayingSubscribed(subscribes + 1);

    const after = await postStory(server, writer, `<p>After ${Date.now()} #wells</p>`);
    await expect
      .poll(() => staying.getByText(after.story.replace(/<[^>]+>/gu, '')).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await context.close();
  }, 120_000);
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
