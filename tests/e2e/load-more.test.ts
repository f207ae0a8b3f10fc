import type { Page } from 'playwright-core';
import { DEFAULT_PAGE_SIZE } from '@rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postStory, signUpVerified, type TestUser } from '../helpers/factories';
import { shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * A list longer than a page, read through the connection (edges, pageInfo): the next page joins
 * the end without repeats, Load more goes once the list is complete, and a story posted after
 * that still arrives live on top.
 */
describe.skipIf(chromiumMissing)('a story feed longer than one page', () => {
  let app: BrowserApp;
  let chen: TestUser;
  const STORIES = DEFAULT_PAGE_SIZE + 5;
  const text = (index: number) => `Village well log entry number ${index} #water`;

  beforeAll(async () => {
    app = await startBrowserApp();
    chen = await signUpVerified(app.server, { displayName: 'Chen Author' });
    // One at a time: the feed is newest first, so the first page holds the last 20 posted.
    for (let index = 1; index <= STORIES; index += 1)
      await postStory(app.server, chen, `<p>${text(index)}</p>`);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  const entries = (page: Page) =>
    page.getByRole('article').filter({ hasText: 'Village well log entry number' });
  const shown = async (page: Page) =>
    (await entries(page).allInnerTexts()).map((card) => /number (\d+)/.exec(card)?.[1]);

  it('loads the next page after the first, without repeats, and then takes a live story', async () => {
    const page = await app.newPage();
    await page.goto(`${app.server.url}/stories/recent`);
    await shows(page.getByText(text(STORIES)));
    await expect.poll(() => entries(page).count()).toBe(DEFAULT_PAGE_SIZE);

    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.first().click();
    await expect.poll(() => entries(page).count()).toBe(STORIES);
    const numbers = await shown(page);
    expect(new Set(numbers).size).toBe(STORIES);
    expect(numbers[0]).toBe(String(STORIES));
    expect(numbers.at(-1)).toBe('1');
    await expect.poll(() => loadMore.count()).toBe(0);

    await postStory(app.server, chen, `<p>${text(STORIES + 1)}</p>`);
    await expect.poll(() => entries(page).count(), { timeout: 15_000 }).toBe(STORIES + 1);
    expect((await shown(page))[0]).toBe(String(STORIES + 1));
  }, 120_000);
});
