import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPrivateSpace,
  signUpVerified,
  uploadedItem,
  type TestUser,
} from '../helpers/factories';
import { pdfWithPages } from '../helpers/sample-pdf';
import { gqlData } from '../helpers/clients';
import { MOBILE, startBrowserApp, shows, type BrowserApp } from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * The element is drawn whole inside the window: not cut by its edges and, on a page (not in a
 * dialog over it), not under the shell's bottom bar.
 */
async function insideWindow(page: Page, locator: Locator, { onPage = false } = {}) {
  const box = await locator.boundingBox({ timeout: 1_000 });
  const window = page.viewportSize();
  if (!box || !window) return false;
  const bottomBar = onPage ? await page.locator('footer').first().boundingBox() : null;
  const bottom = bottomBar && bottomBar.height > 0 ? bottomBar.y : window.height;
  return (
    box.y >= 0 && box.x >= 0 && box.y + box.height <= bottom && box.x + box.width <= window.width
  );
}

/** The width and height of the drawn page, once it is drawn. */
async function pageSize(page: Page) {
  const box = await page.getByTestId('pdf-page').boundingBox();
  return { width: box?.width ?? 0, height: box?.height ?? 0 };
}

describe.skipIf(chromiumMissing)('the PDF viewer at /pdf', () => {
  let app: BrowserApp;
  let owner: TestUser;
  let spaceId: string;

  /** Uploads the bytes as a PDF of the owner's private space and answers its /pdf address. */
  async function pdfPageAddress(bytes: Buffer, filename: string) {
    const item = await uploadedItem(app.server, owner.token, bytes, {
      filename,
      filetype: 'application/pdf',
      path: 'stories',
      spaceId,
    });
    return `${app.server.url}/pdf?file=${encodeURIComponent(item.url)}`;
  }

  beforeAll(async () => {
    app = await startBrowserApp();
    owner = await signUpVerified(app.server);
    spaceId = (await createPrivateSpace(app.server, owner)).id;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('shows page 1 of 2, turns pages, stops zooming in at 2 and rotates the page', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: owner });
    await page.goto(await pdfPageAddress(pdfWithPages({ pages: 2 }), 'two-pages.pdf'));

    await shows(page.getByRole('heading', { name: 'two-pages.pdf' }));
    await shows(page.getByText('Page 1 of 2'));
    await expect.poll(async () => (await pageSize(page)).height).toBeGreaterThan(0);
    const portrait = await pageSize(page);
    expect(portrait.height).toBeGreaterThan(portrait.width);
    await expect(page.getByRole('button', { name: 'Previous page' }).isDisabled()).resolves.toBe(
      true,
    );

    await page.getByRole('button', { name: 'Next page' }).click();
    await shows(page.getByText('Page 2 of 2'));
    await expect(page.getByRole('button', { name: 'Next page' }).isDisabled()).resolves.toBe(true);

    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    for (const percent of ['120%', '140%', '160%', '180%', '200%']) {
      await zoomIn.click();
      await shows(page.getByTestId('pdf-zoom').getByText(percent, { exact: true }));
    }
    await expect(zoomIn.isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Zoom out' }).isDisabled()).resolves.toBe(false);
    await expect.poll(async () => (await pageSize(page)).height).toBeGreaterThan(portrait.height);

    await page.getByRole('button', { name: 'Rotate' }).click();
    await expect
      .poll(async () => {
        const { width, height } = await pageSize(page);
        return width > height;
      })
      .toBe(true);
  });

  it('asks for the password of a protected PDF, again when it is wrong, then opens it', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: owner });
    await page.goto(
      await pdfPageAddress(pdfWithPages({ pages: 1, password: 'open sesame' }), 'locked.pdf'),
    );

    const prompt = page.getByRole('dialog', { name: 'Password needed' });
    await shows(prompt);
    await prompt.getByLabel('Password', { exact: true }).fill('wrong guess');
    await prompt.getByRole('button', { name: 'Open' }).click();
    await shows(prompt.getByText('Wrong password. Please try again.'));

    await prompt.getByLabel('Password', { exact: true }).fill('open sesame');
    await prompt.getByRole('button', { name: 'Open' }).click();
    await shows(page.getByText('Page 1 of 1'));
    await expect.poll(() => prompt.isVisible()).toBe(false);
  });

  it('fits an A4 PDF in a window 850 px high or less, toolbar and bottom bar in full, also on a phone', async () => {
    app.screenshotsOnFailure();
    const a4 = pdfWithPages({ pages: 2, size: { width: 595, height: 842 } });
    const item = await uploadedItem(app.server, owner.token, a4, {
      filename: 'survey.pdf',
      filetype: 'application/pdf',
      path: 'stories',
      spaceId,
    });
    const story = await gqlData<{ createStory: { id: string } }>(
      app.server.url,
      `mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }`,
      {
        input: {
          story: '<p>The full survey #water</p>',
          spaceId,
          files: [{ uploadId: item.uploadId }],
        },
      },
      { token: owner.token },
    );
    // 850 px and a laptop's 720 px, and a phone.
    for (const viewport of [{ width: 1280, height: 850 }, { width: 1280, height: 720 }, MOBILE]) {
      const page = await app.newPage({ as: owner, viewport });
      // In the media viewer, opened from the story: its bar (position, size, Download, next).
      await page.goto(`${app.server.url}/story/${story.createStory.id}`);
      await page.getByRole('button', { name: 'Open survey.pdf' }).click();
      const viewer = page.getByRole('dialog', { name: 'survey.pdf' });
      await shows(viewer.getByText('Page 1 of 2'));
      for (const zoom of ['100%', '200%']) {
        if (zoom === '200%')
          for (let step = 0; step < 5; step += 1)
            await viewer.getByRole('button', { name: 'Zoom in' }).click();
        await shows(viewer.getByTestId('pdf-zoom').getByText(zoom, { exact: true }));
        for (const control of [
          viewer.getByRole('button', { name: 'Previous page' }),
          viewer.getByRole('button', { name: 'Rotate' }),
          viewer.getByRole('link', { name: 'Download' }),
          viewer.getByRole('button', { name: 'Next', exact: true }),
        ])
          await expect
            .poll(() => insideWindow(page, control), {
              message: `${String(control)} at ${viewport.width}×${viewport.height}`,
            })
            .toBe(true);
      }
      // On its own page, under the shell's bars.
      await page.goto(`${app.server.url}/pdf?file=${encodeURIComponent(item.url)}`);
      await shows(page.getByText('Page 1 of 2'));
      for (const control of [
        page.getByRole('button', { name: 'Next page' }),
        page.getByRole('button', { name: 'Rotate' }),
        // The frame the page scrolls in.
        page.getByTestId('pdf-page').locator('xpath=..'),
      ])
        await expect
          .poll(() => insideWindow(page, control, { onPage: true }), {
            message: `${String(control)} at ${viewport.width}×${viewport.height}`,
          })
          .toBe(true);
      // The page is as wide as the frame leaves it: nothing to scroll sideways at 100%.
      await expect
        .poll(() =>
          page
            .getByTestId('pdf-page')
            .locator('xpath=..')
            .evaluate((frame) => frame.scrollWidth <= frame.clientWidth),
        )
        .toBe(true);
    }
  }, 120_000);

  it('refuses to open an address that is not one of the app’s media files', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: owner });
    await page.goto(
      `${app.server.url}/pdf?file=${encodeURIComponent('https://example.com/a.pdf')}`,
    );
    await shows(page.getByText('This link cannot be opened'));
    await expect(page.getByTestId('pdf-page').count()).resolves.toBe(0);
  });
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
