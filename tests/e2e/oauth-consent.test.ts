import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * The OAuth consent screen in Chromium: an app sends the person to /oauth/authorize; signed out
 * they are asked to sign in, signed in they see the app and what it asks, and Allow or Deny sends
 * them back to the app. The app's own page is faked (nothing listens on its redirect URI).
 */

const REDIRECT_URI = 'http://127.0.0.1:7777/callback';

describe.skipIf(chromiumMissing)('the OAuth consent screen', () => {
  let app: BrowserApp;
  let person: TestUser;
  let clientId: string;

  beforeAll(async () => {
    app = await startBrowserApp();
    person = await signUpVerified(app.server, { displayName: 'Consenting Person' });
    const registered = await fetch(`${app.server.url}/api/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Story Bot',
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'none',
      }),
    });
    clientId = ((await registered.json()) as { client_id: string }).client_id;
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });

  let verifier = '';
  const authorizePath = () => {
    verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    return `/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'read write',
      state: 'e2e-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })}`;
  };

  /** The app's callback page, answered here, so the browser lands somewhere and the URL is read. */
  async function fakeAppCallback(page: Page) {
    await page.route('http://127.0.0.1:7777/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>App callback</p>' }),
    );
  }

  it('asks a signed-out person to sign in first, then shows the request', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    await page.goto(`${app.server.url}${authorizePath()}`);
    await shows(page.getByRole('heading', { name: 'Sign in to continue' }));
    await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
    const box = page.getByRole('dialog');
    await shows(box);
    await box.getByLabel('E-mail').fill(person.email);
    await box.getByLabel('Password', { exact: true }).fill(person.password);
    await box.getByRole('button', { name: 'Continue' }).click();
    // Signed in, they stay on the consent screen, the request intact.
    await shows(page.getByRole('heading', { name: 'Authorise Story Bot' }));
    expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
  });

  it('shows the app and its scopes, and Allow sends the person back with a code', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: person });
    await fakeAppCallback(page);
    await page.goto(`${app.server.url}${authorizePath()}`);
    await shows(page.getByRole('heading', { name: 'Authorise Story Bot' }));
    await shows(page.getByText('This app registered itself', { exact: false }));
    await shows(page.getByText('Post, comment, react, vote and follow as you', { exact: false }));
    await shows(page.getByText('you go back to 127.0.0.1:7777', { exact: false }));
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:7777\/callback\?/u);
    const back = new URL(page.url());
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('e2e-state');

    // The app exchanges the code: it now holds tokens for the person.
    const exchanged = await fetch(`${app.server.url}/api/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: REDIRECT_URI,
        client_id: clientId,
        code_verifier: verifier,
      }),
    });
    expect(exchanged.status).toBe(200);
  });

  it('sends the person back with access_denied on Deny, and lists and revokes the app in settings', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: person });
    await fakeAppCallback(page);
    await page.goto(`${app.server.url}${authorizePath()}`);
    await page.getByRole('button', { name: 'Deny', exact: true }).click();
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:7777\/callback\?/u);
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');

    // The app the person allowed earlier is listed, and revoked from settings.
    await page.goto(`${app.server.url}/settings/extensions`);
    await shows(page.getByRole('heading', { name: 'Apps you have authorised' }));
    await shows(page.getByRole('heading', { name: 'Your OAuth apps' }));
    await page.getByRole('button', { name: 'Revoke Story Bot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke Story Bot?' });
    await shows(dialog);
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await shows(page.getByText('You have not authorised any apps.'));
  });
});

describe.skipIf(!chromiumMissing)('the OAuth consent screen', () => {
  it.skip(SKIP_REASON, () => {});
});
