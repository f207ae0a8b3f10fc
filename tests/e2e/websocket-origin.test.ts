import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import { addComment, postStory, signUpVerified, type TestUser } from '../helpers/factories';
import { shows, signedInShell, startBrowserApp, type BrowserApp } from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * A page served from another port of the same host is the same site, so Chromium sends the app's
 * session cookie with its websocket handshake. The server refuses such a socket (4403): the page
 * reads no e-mail and changes no profile, while the app's own pages keep their live events.
 */

/** What the other page does: opens the app's socket and, once let in, reads and writes. */
const strangerPage = (appUrl: string) => `<!doctype html>
<title>Another page</title>
<script>
  window.outcome = { messages: [], closed: null };
  const socket = new WebSocket('${appUrl.replace(/^http/u, 'ws')}/graphql', 'graphql-transport-ws');
  socket.onopen = () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    window.outcome.messages.push(message);
    if (message.type !== 'connection_ack') return;
    socket.send(JSON.stringify({ id: 'me', type: 'subscribe', payload: { query: 'query { me { email } }' } }));
    socket.send(JSON.stringify({ id: 'rename', type: 'subscribe', payload: {
      query: 'mutation { updateProfile(input: { displayName: "Renamed by a stranger" }) { displayName } }',
    } }));
  };
  socket.onclose = (event) => (window.outcome.closed = { code: event.code, reason: event.reason });
</script>`;

interface Outcome {
  messages: { type: string; id?: string; payload?: unknown }[];
  closed: { code: number; reason: string } | null;
}

/** Resolves once the page's socket has closed or answered both operations. */
const outcomeOf = async (page: Page) => {
  await page.waitForFunction(() => {
    const { outcome } = window as unknown as { outcome: Outcome };
    return (
      outcome.closed !== null || outcome.messages.filter((m) => m.type === 'complete').length === 2
    );
  });
  return page.evaluate(() => (window as unknown as { outcome: Outcome }).outcome);
};

/** Counts the NotificationsChanged subscriptions `page` sends, so a test acts once it listens. */
function notificationSubscribes(page: Page) {
  let sent = 0;
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('notificationsChanged')) sent += 1;
    }),
  );
  return () => sent;
}

describe.skipIf(chromiumMissing)('the websocket from another page of the same site', () => {
  let app: BrowserApp;
  let stranger: Server;
  let strangerUrl: string;
  let victim: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    app = await startBrowserApp();
    [victim, reader] = await Promise.all([
      signUpVerified(app.server, { displayName: 'Vani' }),
      signUpVerified(app.server, { displayName: 'Ravi' }),
    ]);
    const html = strangerPage(app.server.url);
    stranger = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(html);
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    strangerUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}/`;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => stranger?.close(resolve));
  });

  it('cannot read the e-mail nor rename the person; the app still gets live events', async () => {
    app.screenshotsOnFailure();
    const other = await app.newPage({ as: victim });
    await other.goto(strangerUrl);
    const outcome = await outcomeOf(other);
    expect(outcome.messages).toEqual([]);
    expect(outcome.closed).toEqual({ code: 4403, reason: 'Forbidden' });
    const { me } = await gqlData<{ me: { displayName: string } }>(
      app.server.url,
      `query { me { displayName } }`,
      {},
      { token: victim.token },
    );
    expect(me.displayName).toBe('Vani');

    // The app's own page, in the same browser with the same cookie, hears a comment arrive.
    const story = await postStory(app.server, victim, '<p>Seeds to share in the #village</p>');
    const page = await app.newPage({ as: victim });
    const subscribes = notificationSubscribes(page);
    await page.goto(`${app.server.url}/stories/recent`);
    await signedInShell(page);
    await expect.poll(subscribes, { timeout: 15_000 }).toBeGreaterThan(0);
    // The server resolves the subscription before it listens (as tests/helpers/clients.ts allows).
    await new Promise((resolve) => setTimeout(resolve, 500));
    await addComment(
      app.server,
      reader,
      { itemType: 'stories', itemId: story.id },
      '<p>Yes please</p>',
    );
    await shows(page.getByRole('link', { name: 'Notifications: 1 unread' }));
  });
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
