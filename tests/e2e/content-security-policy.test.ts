import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postStory, signUpVerified, type TestUser } from '../helpers/factories';
import { STEP_MS, shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * The app and the self-hosted GraphiQL under the server's Content-Security-Policy: everything
 * they load (modules, lazy chunks, styles, Monaco's workers, fonts) and the subscription socket
 * must be allowed, so the browser reports no violation and no page error.
 */
describe.skipIf(chromiumMissing)('the Content-Security-Policy', () => {
  let app: BrowserApp;
  let reader: TestUser;

  beforeAll(async () => {
    app = await startBrowserApp();
    reader = await signUpVerified(app.server, { displayName: 'Policy Reader' });
    await postStory(app.server, reader, '<p>Street lights out on #mainroad</p>');
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  /**
   * What the page reports that would mean the policy broke it: Chromium's console message for
   * each refused load, a `securitypolicyviolation` event (relayed to the console), uncaught errors.
   */
  async function watched(page: Page): Promise<string[]> {
    const problems: string[] = [];
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(
          `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
        ),
      ),
    );
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    return problems;
  }

  /**
   * Whether the server listens to the page's storyAdded subscription: the page's graphql-ws socket
   * on /graphql sent it, and the test server's pong named its id (server/src/graphql/websocket.ts).
   */
  function liveStories(page: Page) {
    let listening = false;
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname !== '/graphql') return;
      const storySubscriptions = new Set<string>();
      socket.on('framesent', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as {
          type: string;
          id?: string;
          payload?: unknown;
        };
        if (
          frame.type === 'subscribe' &&
          frame.id &&
          JSON.stringify(frame.payload).includes('storyAdded')
        )
          storySubscriptions.add(frame.id);
      });
      socket.on('framereceived', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as {
          type: string;
          payload?: { subscribed?: string };
        };
        const subscribed = frame.type === 'pong' ? frame.payload?.subscribed : undefined;
        if (subscribed && storySubscriptions.has(subscribed)) listening = true;
      });
    });
    return () =>
      expect.poll(() => listening, { timeout: STEP_MS, message: 'live stories' }).toBe(true);
  }

  it('lets the app load, open the story editor and receive stories live', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: reader });
    const problems = await watched(page);
    const listening = liveStories(page);
    await page.goto(`${app.server.url}/stories/recent`);
    await shows(page.getByText('Street lights out on'));
    await listening();

    await postStory(app.server, reader, '<p>Pothole reported on #mainroad</p>');
    await shows(page.getByText('Pothole reported on'));

    // The editor is a lazy chunk, loaded through Vite's module preload.
    await page.getByRole('button', { name: 'Post a story' }).first().click();
    await shows(page.getByRole('dialog').locator('[contenteditable="true"]'));

    expect(problems).toEqual([]);
  }, 120_000);

  it('lets GraphiQL start its editor and workers, run a query and a subscription', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: reader });
    const problems = await watched(page);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(`${app.server.url}/graphiql`);
    await shows(page.locator('.graphiql-query-editor .monaco-editor'));
    // Monaco starts its language workers once the editor has a model.
    await expect
      .poll(() => workers.length, { timeout: STEP_MS, message: 'Monaco workers started' })
      .toBeGreaterThan(0);

    const results = page.locator('.result-window');
    await page.locator('.graphiql-execute-button').click();
    await page.getByRole('menuitem', { name: 'Me' }).click();
    await shows(results.getByText('Policy Reader'));

    const listening = liveStories(page);
    await page.locator('.graphiql-execute-button').click();
    await page.getByRole('menuitem', { name: 'NewStories' }).click();
    await listening();
    await postStory(app.server, reader, '<p>Bridge closed on #mainroad</p>');
    await shows(results.getByText('Bridge closed on'));

    expect(problems).toEqual([]);
  }, 120_000);
});
