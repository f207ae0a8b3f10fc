import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
import { startServer } from '../../server/src/start';
import { type TestUser } from '../helpers/factories';
import type { TestServer } from '../helpers/server';
import { ensureClientBuilt, launchChromium } from './browser';
import { migratedDataDir } from '../helpers/database-templates';

export const DESKTOP = { width: 1280, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;
export type Viewport = { width: number; height: number };

/** How long one UI step may take to show its result on a 2-core machine. */
export const STEP_MS = 20_000;

/**
 * The built client served by the real server (PGlite in a temporary DATA_DIR) and one Chromium.
 * Browser tests start one per file in `beforeAll` and close it in `afterAll`.
 */
export interface BrowserApp {
  server: TestServer;
  browser: Browser;
  /** A page in a fresh browser profile, signed in as `as` (through the session cookie) if given. */
  newPage(options?: {
    as?: TestUser;
    viewport?: Viewport;
    locale?: string;
    /** The browser's position, with the geolocation permission granted. */
    geolocation?: { latitude: number; longitude: number };
    /** A touch screen (taps are touch pointers, as on a phone). */
    touch?: boolean;
  }): Promise<Page>;
  /** Saves a screenshot of every open page when the current test fails (call at its start). */
  screenshotsOnFailure(): void;
  close(): Promise<void>;
}

export async function startBrowserApp(
  env: NodeJS.ProcessEnv = {},
  { chromiumArgs = [] }: { chromiumArgs?: readonly string[] } = {},
): Promise<BrowserApp> {
  ensureClientBuilt();
  const dataDir = migratedDataDir('e2e-');
  const running = await startServer({
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    ...env,
  });
  const server: TestServer = {
    url: running.url,
    dataDir,
    deps: running.deps,
    stop: () => running.stop(),
  };
  const browser = await launchChromium(chromiumArgs);
  const contexts: BrowserContext[] = [];

  return {
    server,
    browser,
    async newPage({ as, viewport = DESKTOP, locale, geolocation, touch = false } = {}) {
      const context = await browser.newContext({
        viewport,
        hasTouch: touch,
        ...(locale && { locale }),
        ...(geolocation && { geolocation, permissions: ['geolocation'] }),
      });
      context.setDefaultTimeout(STEP_MS);
      contexts.push(context);
      if (as) await context.addCookies([{ name: 'session', value: as.token, url: server.url }]);
      return context.newPage();
    },
    screenshotsOnFailure() {
      onTestFailed(async () => {
        const pages = contexts.flatMap((context) => context.pages());
        for (const [index, page] of pages.entries()) {
          const file = path.join(dataDir, `failure-${Date.now()}-${index}.png`);
          await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
          console.error(`screenshot of ${page.url()}: ${file}`);
        }
      });
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await running.stop();
    },
  };
}

/** Waits until the locator shows (the first match when there are several). */
export async function shows(locator: Locator, timeout = STEP_MS) {
  await expect
    .poll(() => locator.first().isVisible(), { timeout, message: `${String(locator)} shows` })
    .toBe(true);
}

/** Waits until a signed-in page has rendered its shell (the account menu is there). */
export async function signedInShell(page: Page) {
  await shows(page.getByRole('button', { name: 'Account menu' }));
}
