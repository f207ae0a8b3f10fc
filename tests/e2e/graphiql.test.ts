import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest } from '../helpers/clients';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { STEP_MS, shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * The self-hosted GraphiQL as an API client without the app's cookie uses it: a token in the
 * Headers tab signs in its queries and its subscriptions alike.
 */
describe.skipIf(chromiumMissing)('GraphiQL', () => {
  let app: BrowserApp;
  let caller: TestUser;

  beforeAll(async () => {
    app = await startBrowserApp();
    caller = await signUpVerified(app.server, { displayName: 'Header Caller' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('sends the Headers tab with a subscription, whose socket then lives as that session', async () => {
    app.screenshotsOnFailure();
    // No cookie: only the Headers tab says who this is.
    const page = await app.newPage();
    const connectionParams: unknown[] = [];
    let listening = false;
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { type: string; payload?: unknown };
        if (frame.type === 'connection_init') connectionParams.push(frame.payload);
      });
      // The test server's pong once a subscription listens (server/src/graphql/websocket.ts).
      socket.on('framereceived', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { type: string; payload?: object };
        if (frame.type === 'pong' && frame.payload && 'subscribed' in frame.payload)
          listening = true;
      });
    });
    await page.goto(`${app.server.url}/graphiql`);
    await shows(page.locator('.graphiql-query-editor .monaco-editor'));

    await page.locator('button[data-name="headers"]').click();
    await page
      .locator('.graphiql-editor-tool .graphiql-editor:not(.hidden) .monaco-editor')
      .click();
    await page.keyboard.type(`{"Authorization": "Bearer ${caller.token}"}`);

    // Over HTTP first: the header is read as typed.
    const results = page.locator('.result-window');
    await page.locator('.graphiql-execute-button').click();
    await page.getByRole('menuitem', { name: 'Me' }).click();
    await shows(results.getByText('Header Caller'));

    await page.locator('.graphiql-execute-button').click();
    await page.getByRole('menuitem', { name: 'NewStories' }).click();
    await expect
      .poll(() => connectionParams, { timeout: STEP_MS, message: 'the socket initialised' })
      .toEqual([{ Authorization: `Bearer ${caller.token}` }]);
    await expect.poll(() => listening, { timeout: STEP_MS, message: 'listening' }).toBe(true);

    // The socket is signed in: ending its session closes it (Session ended).
    const out = await rest(app.server.url, 'POST', '/api/auth/logout', undefined, caller.token);
    expect(out.status).toBe(200);
    await shows(results.getByText('Socket closed with event 4401'));
  }, 120_000);
});
