import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * /settings/extensions in Chromium: a person makes a personal access token with the read scope,
 * sees it once, a script uses it as them, and once revoked in the page it opens nothing (401).
 */

/** What a script does with the token: asks who it is, with `Authorization: Bearer <token>`. */
async function whoAmI(url: string, token: string) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ me { id } }' }),
  });
  const body = (await response.json().catch(() => null)) as { data?: { me?: { id: string } } };
  return { status: response.status, id: body?.data?.me?.id };
}

describe.skipIf(chromiumMissing)('personal access tokens in the browser', () => {
  let app: BrowserApp;
  let person: TestUser;

  beforeAll(async () => {
    app = await startBrowserApp();
    person = await signUpVerified(app.server, { displayName: 'Tara Tinker' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('creates a read token shown once, which works as the person until revoked', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: person });
    await page.goto(`${app.server.url}/settings/extensions`);
    await shows(page.getByRole('heading', { name: 'Apps and access tokens' }));
    expect(
      await page.getByRole('tab', { name: 'Apps and tokens' }).getAttribute('aria-selected'),
    ).toBe('true');
    await shows(page.getByText('No access tokens yet'));

    await page.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New access token' });
    await shows(dialog);
    // The same rule as the server's, in the same words.
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await shows(dialog.getByText('Give the token a name'));
    // Read is ticked to start with; the admin scope is for site admins and moderators only.
    expect(await dialog.getByRole('checkbox', { name: /^Read/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: /^Write/ }).isChecked()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: /^Admin/ }).count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Nightly backup');
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your new token' });
    await shows(shown.getByText('It will not be shown again'));
    const token = await shown
      .getByRole('textbox', { name: 'Token for Nightly backup' })
      .inputValue();
    expect(token).toMatch(/^bpat_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => shown.count()).toBe(0);

    // Listed at once, without the token itself.
    await shows(page.getByText('Nightly backup'));
    await shows(page.getByText('Never used'));
    const scopes = page.getByRole('list', { name: 'Scopes of Nightly backup' });
    expect(await scopes.getByRole('listitem').allTextContents()).toEqual(['Read']);
    expect(await page.content()).not.toContain(token);

    const used = await whoAmI(app.server.url, token);
    expect(used).toEqual({ status: 200, id: person.id });
    await page.reload();
    await shows(page.getByText('Last used:'));

    await page.getByRole('button', { name: 'Revoke Nightly backup' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Nightly backup?' });
    await shows(confirm);
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await shows(page.getByText('Nightly backup was revoked'));
    await shows(page.getByText('No access tokens yet'));

    expect((await whoAmI(app.server.url, token)).status).toBe(401);
  });
});
