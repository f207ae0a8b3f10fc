import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdentities, users } from '../../server/src/db/schema';
import { signUpVerified, uniqueEmail } from '../helpers/factories';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider';
import { shows, signedInShell, startBrowserApp, type BrowserApp } from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * 'Continue with Google' in Chromium, against a local OpenID provider (oauth2-mock-server on
 * 127.0.0.1, approving at once): the browser really goes to the provider and back. The pages are
 * opened at PUBLIC_URL's address (http://localhost:<port>), the one the provider sends the
 * browser back to, so the flow's cookie set at the start comes back with the callback.
 */
describe.skipIf(chromiumMissing)('signing in with Google', () => {
  let provider: TestOidcProvider;
  let app: BrowserApp;
  let site: string;

  beforeAll(async () => {
    provider = await startOidcProvider();
    app = await startBrowserApp(provider.env);
    site = app.server.deps.config.publicUrl;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await provider?.stop();
  });

  it('signs a new person in from the login page and lands them on the feed', async () => {
    app.screenshotsOnFailure();
    const email = uniqueEmail('google');
    provider.signsIn({
      sub: `google-${randomUUID()}`,
      email,
      email_verified: true,
      name: 'Lakshmi Devi',
    });
    const page = await app.newPage();
    await page.goto(`${site}/auth/login`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL('**/stories/recent');
    await signedInShell(page);
    const [account] = await app.server.deps.db
      .select({ role: users.role, emailVerified: users.emailVerified, name: users.displayName })
      .from(users)
      .where(eq(users.email, email));
    expect(account).toEqual({ role: 'person', emailVerified: true, name: 'Lakshmi Devi' });
  });

  it('asks an existing account for its password once, then links Google', async () => {
    app.screenshotsOnFailure();
    const owner = await signUpVerified(app.server, { displayName: 'Ravi' });
    const subject = `google-${randomUUID()}`;
    provider.signsIn({ sub: subject, email: owner.email, email_verified: true, name: 'Ravi K' });
    const page = await app.newPage();
    await page.goto(`${site}/auth/signUp`);
    // The sign-up form offers it too.
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL('**/auth/login?oidc=link');
    await shows(
      page.getByText(
        'An account with this e-mail exists: sign in with your password once to link Google.',
      ),
    );
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await shows(page.getByText('Google is now linked to your account'));
    await page.waitForURL('**/stories/recent');
    await signedInShell(page);
    const linked = await app.server.deps.db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(eq(userIdentities.subject, subject));
    expect(linked).toEqual([{ userId: owner.id }]);

    // Next time Google alone signs them in, in a fresh browser.
    const later = await app.newPage();
    await later.goto(`${site}/auth/login`);
    await later.getByRole('link', { name: 'Continue with Google' }).click();
    await later.waitForURL('**/stories/recent');
    await signedInShell(later);
  });
});

describe.skipIf(!chromiumMissing)('signing in with Google', () => {
  it.skip(SKIP_REASON, () => undefined);
});
