import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { shows, signedInShell, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * The chat scenarios in Chromium, one after the other on the same two people: Ada starts a
 * direct chat with Bo, who sees the message and the Chat badge rise without reloading (and only
 * the new message reaches his screen reader); Ada edits a message and Bo sees the edit; Ada goes
 * offline, writes, comes back, and the message arrives once.
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
