import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { signedInShell, shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { FAKE_MEDIA_DEVICES, SKIP_REASON, chromiumMissing } from './browser';

/** The tus metadata of an upload's creation request (values are base64). */
function uploadMetadata(request: Request): Record<string, string> {
  const header = request.headers()['upload-metadata'] ?? '';
  return Object.fromEntries(
    header
      .split(',')
      .map((pair) => pair.trim().split(' '))
      .map(([key, value]) => [key!, Buffer.from(value ?? '', 'base64').toString('utf8')]),
  );
}

/** The next tus upload the page creates. */
const nextUpload = (page: Page) =>
  page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads',
  );

describe.skipIf(chromiumMissing)('capturing photos, video and audio in the story dialog', () => {
  let app: BrowserApp;
  let author: TestUser;

  /** The story dialog of a fresh page, with Chromium's fake camera and microphone. */
  async function storyDialog() {
    const page = await app.newPage({ as: author });
    await page.goto(`${app.server.url}/stories/recent`);
    await signedInShell(page);
    await page.getByRole('button', { name: 'Post a story' }).click();
    const dialog = page.getByRole('dialog');
    await shows(dialog.getByRole('button', { name: 'Take photo' }));
    return { page, dialog };
  }

  beforeAll(async () => {
    app = await startBrowserApp({}, { chromiumArgs: FAKE_MEDIA_DEVICES });
    author = await signUpVerified(app.server);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('takes a photo, retakes it and submits it as a PNG file', async () => {
    app.screenshotsOnFailure();
    const { page, dialog } = await storyDialog();
    await dialog.getByRole('button', { name: 'Take photo' }).click();
    const capture = page.getByRole('dialog', { name: 'Take a photo' });
    await shows(capture.getByRole('button', { name: 'Capture' }));
    await expect
      .poll(() => capture.getByRole('button', { name: 'Capture' }).isEnabled())
      .toBe(true);

    await capture.getByRole('button', { name: 'Capture' }).click();
    await shows(capture.getByRole('img', { name: 'The photo taken' }));
    await capture.getByRole('button', { name: 'Retake' }).click();
    await shows(capture.getByRole('button', { name: 'Capture' }));
    await capture.getByRole('button', { name: 'Capture' }).click();

    const upload = nextUpload(page);
    await capture.getByRole('button', { name: 'Submit' }).click();
    const metadata = uploadMetadata(await upload);
    expect(metadata.filetype).toBe('image/png');
    expect(metadata.filename).toMatch(/^photo-\d+\.png$/);
    await expect.poll(() => capture.isVisible()).toBe(false);
  });

  it('records a video and enables Submit only once the recording is complete', async () => {
    app.screenshotsOnFailure();
    const { page, dialog } = await storyDialog();
    await dialog.getByRole('button', { name: 'Record video' }).click();
    const capture = page.getByRole('dialog', { name: 'Record a video' });
    const submit = capture.getByRole('button', { name: 'Submit' });
    await expect.poll(() => capture.getByRole('button', { name: 'Record' }).isEnabled()).toBe(true);
    await expect(submit.isDisabled()).resolves.toBe(true);

    await capture.getByRole('button', { name: 'Record' }).click();
    await shows(capture.getByText('Recording', { exact: true }));
    await expect(submit.isDisabled()).resolves.toBe(true);
    await shows(capture.getByText('0:01 / 10:00'));

    const upload = nextUpload(page);
    await capture.getByRole('button', { name: 'Stop' }).click();
    const metadata = uploadMetadata(await upload);
    expect(metadata.filetype).toMatch(/^video\/webm/);
    await expect.poll(() => submit.isEnabled()).toBe(true);
  });

  it('records audio with a live waveform and adds it as a WAV file', async () => {
    app.screenshotsOnFailure();
    const { page, dialog } = await storyDialog();
    await dialog.getByRole('button', { name: 'Record audio' }).click();
    const recorder = dialog.getByRole('group', { name: 'Record audio' });
    await recorder.getByRole('button', { name: 'Record', exact: true }).click();
    await shows(recorder.getByRole('img', { name: 'Microphone waveform' }));
    await shows(recorder.getByText('0:01 / 10:00'));

    await recorder.getByRole('button', { name: 'Stop' }).click();
    await shows(recorder.getByText(/^Recorded 0:0\d/));
    const upload = nextUpload(page);
    await recorder.getByRole('button', { name: 'Add', exact: true }).click();
    const metadata = uploadMetadata(await upload);
    expect(metadata.filetype).toBe('audio/wav');
    expect(metadata.filename).toMatch(/^audio-\d+\.wav$/);
  });
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
