import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPrivateSpace,
  signUpVerified,
  uploadedItem,
  type TestUser,
} from '../helpers/factories';
import { pdfWithPages } from '../helpers/sample-pdf';
import { startBrowserApp, shows, type BrowserApp } from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

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
