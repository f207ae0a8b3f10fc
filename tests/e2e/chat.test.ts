import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import teChat from '../../locales/te/chat.json';
import { gqlData } from '../helpers/clients';
import { openDirectChat, sampleJpeg, signUpVerified, type TestUser } from '../helpers/factories';
import { shows, signedInShell, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * The chat scenarios in Chromium, one after the other on the same two people: Ada starts a
 * direct chat with Bo, who sees the message and the Chat badge rise without reloading (and only
 * the new message reaches his screen reader); Ada sends a photo with a message and Bo sees it; a
 * picture the server refuses stays in the draft, the reason in the writer's language; Ada edits a
 * message and Bo sees the edit; Ada goes offline, writes, comes back, and the message arrives once.
 */

const HISTORY = `query ($conversationId: ID!) {
  chatMessages(conversationId: $conversationId) { items { id text } }
}`;

interface History {
  chatMessages: { items: { id: string; text: string }[] };
}

/** Writes a message in the open conversation and sends it with Enter. */
async function write(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Message', exact: true });
  await editor.click();
  await editor.pressSequentially(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The messages shown (stored or on their way) whose text includes `text`. */
const messagesWith = (page: Page, text: string) =>
  page.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: text });

describe.skipIf(chromiumMissing)('chat in the browser', () => {
  let app: BrowserApp;
  let ada: TestUser;
  let bo: TestUser;
  let adaPage: Page;
  let boPage: Page;
  let conversationId = '';
  const adaSockets: WebSocket[] = [];

  beforeAll(async () => {
    app = await startBrowserApp();
    ada = await signUpVerified(app.server, { displayName: 'Ada' });
    bo = await signUpVerified(app.server, { displayName: 'Bo' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('two people chat directly: the second sees the message and the Chat badge rise without reloading', async () => {
    app.screenshotsOnFailure();
    boPage = await app.newPage({ as: bo });
    await boPage.goto(`${app.server.url}/stories/recent`);
    await signedInShell(boPage);
    await shows(boPage.getByRole('button', { name: 'Chat', exact: true }));

    adaPage = await app.newPage({ as: ada });
    adaPage.on('websocket', (socket) => adaSockets.push(socket));
    await adaPage.goto(`${app.server.url}/chat?to=${bo.id}`);
    await write(adaPage, 'Hello Bo');
    // The first message created the conversation, and the page now shows it.
    await adaPage.waitForURL(/\/chat\/[^/?]+$/);
    conversationId = decodeURIComponent(new URL(adaPage.url()).pathname.split('/').at(-1) ?? '');
    await shows(messagesWith(adaPage, 'Hello Bo'));

    await shows(boPage.getByRole('button', { name: 'Chat, 1 new message' }));

    await boPage.goto(`${app.server.url}/chat/${conversationId}`);
    await shows(messagesWith(boPage, 'Hello Bo'));
    // The history is not announced; a message arriving afterwards is.
    const announcements = boPage.getByTestId('chat-announcements');
    expect(await announcements.textContent()).toBe('');
    await write(adaPage, 'Are you there?');
    await shows(messagesWith(boPage, 'Are you there?'));
    await expect.poll(() => announcements.textContent()).toBe('Ada: Are you there?');
  });

  it('a photo attached in the direct chat is sent with its message and shows for the other person', async () => {
    app.screenshotsOnFailure();
    await adaPage.locator('input[type="file"]').setInputFiles({
      name: 'pump.jpg',
      mimeType: 'image/jpeg',
      buffer: await sampleJpeg(320, 240),
    });
    const chip = adaPage.getByLabel('Images to send').getByText('pump.jpg');
    await shows(chip);
    // Stored: its spinner is gone and it may go out alone.
    await expect.poll(() => chip.locator('.mantine-Loader-root').count()).toBe(0);
    await write(adaPage, 'The new pump');

    const arrived = messagesWith(boPage, 'The new pump');
    const photo = arrived.getByRole('link', { name: 'Open image pump.jpg full size' });
    await shows(photo);
    // Bo's browser loads the picture itself (a reader of the conversation may).
    await expect
      .poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(320);
    expect(await adaPage.getByRole('alert').count()).toBe(0);
  });

  it('a picture the server refuses stays in the draft, saying why in the writer’s language', async () => {
    app.screenshotsOnFailure();
    const ravi = await signUpVerified(app.server, { displayName: 'Ravi' });
    await gqlData(
      app.server.url,
      'mutation { updateLanguage(appLang: "te") { appLang } }',
      {},
      { token: ravi.token },
    );
    const chat = await openDirectChat(app.server, ravi, bo);
    const page = await app.newPage({ as: ravi });
    await page.goto(`${app.server.url}/chat/${chat.id}`);
    const editor = page.getByRole('textbox', { name: teChat.conversation.editor, exact: true });
    await editor.click();
    await editor.pressSequentially('పంపు ఫోటో');
    // Named a PNG, but not one: the server reads the bytes and refuses it.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });

    const reason = page.getByRole('alert').filter({ hasText: 'notes.png' });
    await shows(reason);
    expect(await reason.textContent()).toContain(teChat.errors.imageType);
    // The draft keeps the text and the picture; nothing goes out without it.
    const send = page.getByRole('button', { name: teChat.conversation.send, exact: true });
    expect(await send.isDisabled()).toBe(true);
    expect(await editor.textContent()).toBe('పంపు ఫోటో');
    const named = (text: string) => text.replace('{{name}}', 'notes.png');
    await shows(page.getByRole('button', { name: named(teChat.conversation.retryImage) }));

    // Removing it lets the text go alone, as the message now says.
    await page.getByRole('button', { name: named(teChat.conversation.removeImage) }).click();
    await expect.poll(() => send.isEnabled()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('one edits a message and the other sees the edit', async () => {
    app.screenshotsOnFailure();
    const message = messagesWith(adaPage, 'Are you there?');
    await message.getByRole('button', { name: 'Message actions' }).click();
    await adaPage.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = adaPage.getByRole('textbox', { name: 'Message', exact: true });
    await expect.poll(() => editor.textContent()).toBe('Are you there?');
    await editor.click();
    await adaPage.keyboard.press('ControlOrMeta+a');
    await editor.pressSequentially('Are you there, Bo?');
    await adaPage.getByRole('button', { name: 'Save' }).click();

    const edited = messagesWith(boPage, 'Are you there, Bo?');
    await shows(edited);
    await shows(edited.getByText('edited'));
  });

  it('a message written offline is sent once when the browser is back online', async () => {
    app.screenshotsOnFailure();
    await adaPage.context().setOffline(true);
    // The websocket really drops (so live events and the send both wait).
    await expect.poll(() => adaSockets.every((socket) => socket.isClosed())).toBe(true);
    await write(adaPage, 'Written offline');
    const pending = messagesWith(adaPage, 'Written offline');
    await shows(pending.getByText('Sending…'));

    await adaPage.context().setOffline(false);
    await shows(messagesWith(boPage, 'Written offline'));
    await expect.poll(() => pending.getByText('Sending…').count()).toBe(0);
    await expect.poll(() => messagesWith(boPage, 'Written offline').count()).toBe(1);
    await expect.poll(() => messagesWith(adaPage, 'Written offline').count()).toBe(1);
    const stored = await gqlData<History>(
      app.server.url,
      HISTORY,
      { conversationId },
      { token: bo.token },
    );
    expect(
      stored.chatMessages.items.filter((item) => item.text.includes('Written offline')),
    ).toHaveLength(1);
  });
});
