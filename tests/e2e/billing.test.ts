import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import { signUpVerified, type TestUser } from '../helpers/factories';
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  startStripeFake,
  type StripeFake,
} from '../helpers/stripe-fake';
import { shows, signedInShell, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * Payments in Chromium (issue 28): a person opens /pricing, chooses a plan, is sent to Stripe
 * Checkout (the local fake's page), pays; the fake sends the signed webhook events, /stripe
 * confirms once the account is premium, and the user menu (open in another tab all along) reads
 * the plan's name without a reload. With payments off the pricing page says subscriptions are not
 * available and offers no Subscribe button.
 */

/** A port free now, so the app's public URL (Checkout's return address) is known before it starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Opens the account menu and returns it. */
async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await shows(menu);
  return menu;
}

describe.skipIf(chromiumMissing)('payments in the browser', () => {
  let stripe: StripeFake;
  let app: BrowserApp;
  let asha: TestUser;

  beforeAll(async () => {
    stripe = await startStripeFake();
    const port = await freePort();
    app = await startBrowserApp({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
    stripe.webhookUrl = `${app.server.url}/api/stripe/webhook`;
    asha = await signUpVerified(app.server, { displayName: 'Asha Rao' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  it('takes a person from pricing through checkout, and the menu reads the plan without a reload', async () => {
    app.screenshotsOnFailure();
    // Another tab of the same person, its menu open: it must change by itself.
    const other = await app.newPage({ as: asha });
    await other.goto(`${app.server.url}/stories/recent`);
    await signedInShell(other);
    const otherMenu = await openAccountMenu(other);
    await shows(otherMenu.getByText('Basic User'));

    const page = await app.newPage({ as: asha });
    await page.goto(`${app.server.url}/pricing`);
    await shows(page.getByRole('heading', { name: 'Pricing', level: 1 }));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/pricing/options');
    // Prices come from Stripe (the fake's, by lookup key), in the reader's currency format.
    await shows(page.getByText('$8.00'));
    // The interval switch's radios are hidden behind their labels.
    await page.getByText('Yearly', { exact: true }).click();
    await shows(page.getByText('$80.00'));
    await page.getByText('Monthly', { exact: true }).click();
    // The organisation plan is not offered to a person's account.
    await shows(page.getByText('For organisation accounts'));

    const proCard = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Problem Solving Pro' }),
    });
    await proCard.getByRole('button', { name: 'Subscribe' }).click();
    // Stripe Checkout (hosted): here the fake's page.
    await page.waitForURL((url) => url.href.startsWith(stripe.url), { timeout: 20_000 });
    await shows(page.getByRole('heading', { name: 'Fake Stripe Checkout' }));
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL((url) => url.pathname === '/stripe', { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('result')).toBe('success');
    await shows(page.getByRole('heading', { name: 'You are now on the Problem Solving Pro plan' }));
    await signedInShell(page);
    const menu = await openAccountMenu(page);
    await shows(menu.getByText('Problem Solving Pro'));

    // The other tab was never reloaded: the live event changed its open menu.
    await shows(otherMenu.getByText('Problem Solving Pro'));
    await expect.poll(() => otherMenu.getByText('Basic User').count()).toBe(0);

    // The subscription settings show the plan, its status and the paid invoice.
    await page.goto(`${app.server.url}/settings/subscriptions`);
    await shows(page.getByRole('heading', { name: 'Problem Solving Pro' }));
    await shows(page.getByText('Active'));
    await shows(page.getByText('$8.00'));
    // Manage billing opens Stripe's customer portal for this person's customer.
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL((url) => url.href.startsWith(stripe.url), { timeout: 20_000 });
    const portal = stripe.requests.findLast((request) => request.path.includes('billing_portal'));
    // It returns to the page it was opened from.
    expect(String(portal?.body.return_url)).toBe(`${app.server.url}/settings/subscriptions`);
  });

  it('waits on /stripe until the webhook has made the account premium', async () => {
    app.screenshotsOnFailure();
    const bo = await signUpVerified(app.server, { displayName: 'Bo Das' });
    const page = await app.newPage({ as: bo });
    // Back from Checkout before Stripe has said anything: the URL alone proves nothing.
    await page.goto(`${app.server.url}/stripe?result=success`);
    await shows(page.getByRole('heading', { name: 'Thank you — confirming your subscription…' }));

    const { startCheckout } = await gqlData<{ startCheckout: { url: string } }>(
      app.server.url,
      `mutation { startCheckout(plan: bumpStars, interval: year) { url } }`,
      {},
      { cookie: `session=${bo.token}`, headers: { origin: app.server.url } },
    );
    await stripe.completeCheckout(startCheckout.url.split('/').at(-1)!);
    await shows(page.getByRole('heading', { name: 'You are now on the Bump Star plan' }));
  });

  it('says a cancelled checkout was cancelled', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    await page.goto(`${app.server.url}/stripe?result=cancel`);
    await shows(page.getByRole('heading', { name: 'Checkout cancelled' }));
    await shows(page.getByRole('link', { name: 'Back to pricing' }));
  });
});

describe.skipIf(chromiumMissing)('pricing with payments off', () => {
  let app: BrowserApp;

  beforeAll(async () => {
    // No STRIPE_SECRET_KEY: payments are off.
    app = await startBrowserApp();
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('explains the plans, says subscriptions are not available and offers no Subscribe button', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    await page.goto(`${app.server.url}/pricing/options`);
    await shows(page.getByText('Subscriptions are not available on this server'));
    await shows(page.getByRole('heading', { name: 'Problem Solving Pro' }));
    await shows(page.getByText(/× the monthly AI allowance/));
    expect(await page.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
  });
});
