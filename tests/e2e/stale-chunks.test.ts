import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * A deploy replaces the hashed chunks an open tab names (000 §4, 001 §8): a page whose chunk fails
 * to load reloads, at most once per 60 seconds, and a second failure within the minute shows the
 * error page rather than reloading in a loop. The pricing page's chunk stands for any lazily loaded
 * page; the browser is told it is gone, as after a deploy.
 */
describe.skipIf(chromiumMissing)('a page whose chunk is gone', () => {
  let app: BrowserApp;
  let pricingChunk: string;

  beforeAll(async () => {
    app = await startBrowserApp();
    const manifest = JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, '../../dist/client/.vite/manifest.json'),
        'utf8',
      ),
    ) as Record<string, { file: string }>;
    pricingChunk = manifest['src/features/billing/PricingPage.tsx']!.file;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  /** Answers the pricing chunk 404 for its first `times` requests (all of them without a count). */
  async function chunkGone(page: Page, times?: number) {
    let failed = 0;
    await page.route(`**/${pricingChunk}`, (route) => {
      if (times !== undefined && failed >= times) return route.continue();
      failed += 1;
      return route.fulfill({ status: 404, body: 'gone' });
    });
  }

  /** Counts the page's full loads of `pathname` (each reload is one more). */
  function documentLoads(page: Page, pathname: string) {
    const loads: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document' && new URL(request.url()).pathname === pathname)
        loads.push(request.url());
    });
    return loads;
  }

  it('reloads once and shows the page', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    await chunkGone(page, 1);
    const loads = documentLoads(page, '/pricing/options');
    await page.goto(`${app.server.url}/pricing/options`);
    await shows(page.getByRole('heading', { name: 'Pricing', level: 1 }));
    expect(loads).toHaveLength(2);
    expect(await page.getByText('An error occurred').count()).toBe(0);
  });

  it('shows the error page when the chunk is still gone after the reload', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    await chunkGone(page);
    const loads = documentLoads(page, '/pricing/options');
    await page.goto(`${app.server.url}/pricing/options`);
    // The error page is what the second failure renders instead of reloading again.
    await shows(page.getByText('An error occurred'));
    expect(loads).toHaveLength(2);
  });
});

describe.skipIf(!chromiumMissing)('a page whose chunk is gone', () => {
  it.skip(SKIP_REASON, () => undefined);
});
