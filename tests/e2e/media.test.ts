import type { CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePng, signUpVerified, type TestUser } from '../helpers/factories';
import { shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/** Upload speed while the test watches progress (bytes per second): a few seconds per image. */
const SLOW_UPLOAD_BPS = 400 * 1024;

/**
 * Attachments in the browser: two images picked in the story dialog show their progress, are
 * reordered and published, and the feed's carousel shows them in the new order from their
 * server-made thumbnails; the viewer opens; a YouTube link embeds from the privacy-enhanced domain,
 * and a link without a video id says so at once.
 */
describe.skipIf(chromiumMissing)('media in posts, end to end', () => {
  let app: BrowserApp;
  let author: TestUser;
  let page: Page;

  beforeAll(async () => {
    app = await startBrowserApp();
    author = await signUpVerified(app.server, { displayName: 'Mira Media' });
    page = await app.newPage({ as: author });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  let network: CDPSession | null = null;
  /** Limits the page's upload speed (bytes per second), or lifts the limit (null). */
  async function throttleUploads(bytesPerSecond: number | null) {
    // One DevTools session: conditions set through one are lifted only through the same one.
    network ??= await page.context().newCDPSession(page);
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond ?? -1,
    });
  }

  async function openStoryDialog(text: string): Promise<Locator> {
    await page.goto(`${app.server.url}/stories/recent`);
    await page.getByRole('button', { name: 'Post a story' }).filter({ visible: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your perspective' });
    const editor = dialog.getByRole('textbox', { name: 'Story', exact: true });
    await shows(editor);
    await editor.pressSequentially(text);
    return dialog;
  }

  it('uploads two images with progress, keeps the new order and shows thumbnails in the feed', async () => {
    app.screenshotsOnFailure();
    const dialog = await openStoryDialog('Pump house before and after #waterworks ');

    // Slowed down, so the progress of each file is there to see.
    await throttleUploads(SLOW_UPLOAD_BPS);
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: 'before.png', mimeType: 'image/png', buffer: await samplePng(640, 480) },
      { name: 'after.png', mimeType: 'image/png', buffer: await samplePng(640, 480) },
    ]);
    const attachments = dialog.getByRole('list', { name: 'Attachments' });
    const before = attachments.getByRole('listitem', { name: 'before.png' });
    const after = attachments.getByRole('listitem', { name: 'after.png' });
    await shows(before.getByRole('progressbar'));
    await shows(after.getByRole('progressbar'));
    // A draft waits for its uploads and says so; a published story need not (next test).
    const asDraft = dialog.getByRole('switch', { name: 'Save as draft' });
    await asDraft.check();
    const waiting = dialog.getByRole('button', { name: /^Uploading… \d+%$/ });
    await shows(waiting);
    expect(await waiting.isDisabled()).toBe(true);
    await asDraft.uncheck();
    expect(await dialog.getByRole('button', { name: 'Publish' }).isEnabled()).toBe(true);

    await throttleUploads(null);
    await expect.poll(() => attachments.getByRole('progressbar').count()).toBe(0);

    // Reordered with the keyboard users' button: after.png first.
    await dialog.getByRole('button', { name: 'Move after.png up' }).click();
    await expect
      .poll(() =>
        attachments
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
      )
      .toEqual(['after.png', 'before.png']);

    await dialog.getByRole('button', { name: 'Publish' }).click();
    const story = page.getByRole('article').filter({ hasText: 'Pump house before and after' });
    const carousel = story.getByRole('region', { name: 'Attachments' });
    await shows(carousel);
    const firstImage = carousel.locator('img');
    await expect.poll(() => firstImage.getAttribute('alt')).toBe('after.png');
    expect(await firstImage.getAttribute('src')).toMatch(/^\/api\/media\/[\w-]+\/thumbnail\.webp$/);
    await expect
      .poll(() => firstImage.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await carousel.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => carousel.locator('img').getAttribute('alt')).toBe('before.png');

    // The viewer: the original, its name and size, and a download link.
    await carousel.getByRole('button', { name: 'Open before.png' }).click();
    const viewer = page.getByRole('dialog', { name: 'before.png' });
    await shows(viewer);
    const original = viewer.getByRole('img', { name: 'before.png' });
    expect(await original.getAttribute('src')).toMatch(/^\/api\/media\/[\w-]+\/[^/]+$/);
    expect(await original.getAttribute('src')).not.toContain('thumbnail');
    await shows(viewer.getByRole('link', { name: 'Download' }));
    await shows(viewer.getByText('2 of 2'));
    await viewer.getByRole('button', { name: 'Previous' }).click();
    await shows(page.getByRole('dialog', { name: 'after.png' }));
    await page.keyboard.press('Escape');
  });

  it('shows a story published while its image uploads as processing, then the story itself', async () => {
    app.screenshotsOnFailure();
    const dialog = await openStoryDialog('Tank cleaning day #waterworks ');
    await throttleUploads(SLOW_UPLOAD_BPS);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'tank.png', mimeType: 'image/png', buffer: await samplePng(900, 700) },
      ]);
    await shows(dialog.getByRole('listitem', { name: 'tank.png' }).getByRole('progressbar'));
    await dialog.getByRole('button', { name: 'Publish' }).click();

    // The dialog closes at once; the feed shows the story as processing, with nothing to click.
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const pending = page.getByLabel('A post being uploaded');
    await shows(pending);
    await shows(pending.getByText('Processing'));
    await shows(pending.getByText('Tank cleaning day #waterworks'));
    await shows(pending.getByText(/^Uploading its files… \d+%$/));
    expect(await pending.locator('a, button').count()).toBe(0);
    const story = page.getByRole('article').filter({ hasText: 'Tank cleaning day' });
    expect(await story.count()).toBe(0);

    // Once the file is stored the story is created and takes the processing card's place.
    await throttleUploads(null);
    await shows(story.getByRole('region', { name: 'Attachments' }));
    await expect.poll(() => pending.count()).toBe(0);
    expect(await story.locator('img').getAttribute('alt')).toBe('tank.png');
  });

  it('embeds a YouTube link from the privacy-enhanced domain and refuses a link without a video id', async () => {
    app.screenshotsOnFailure();
    const dialog = await openStoryDialog('The river walk video #riverside ');
    const link = dialog.getByRole('textbox', { name: 'YouTube link' });
    await link.fill('https://www.youtube.com/watch?v=short');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await shows(dialog.getByText('YouTube Video Not Found'));

    await link.fill('https://youtu.be/dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await shows(dialog.getByRole('listitem', { name: 'YouTube video' }));
    await dialog.getByRole('button', { name: 'Publish' }).click();

    const story = page.getByRole('article').filter({ hasText: 'The river walk video' });
    const frame = story.locator('iframe[title="YouTube video"]');
    await shows(frame);
    expect(await frame.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(await frame.getAttribute('loading')).toBe('lazy');
  });
});
