import { PREMIUM_AI_CAP_FACTOR, UPLOAD_BYTES_PER_DAY, BILLING_MESSAGES } from '@rules';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountTypeChanges,
  billingCustomers,
  billingSubscriptions,
} from '../../server/src/db/schema';
import { assertStorageBudget } from '../../server/src/modules/media/stored-files.service';
import { gqlData, gqlError, rest, subscribe } from '../helpers/clients';
import { createApiToken, signUpVerified, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import Stripe from 'stripe';
import {
  FAKE_WEBHOOK_SECRET,
  startStripeFake,
  stripeEnv,
  type StripeFake,
} from '../helpers/stripe-fake';

/**
 * Payments (issue 28) against a local Stripe (helpers/stripe-fake.ts): checkout for one's own
 * customer, the signed webhook making an account premium (and live), replays, forgeries, stale
 * and out-of-order events, the portal link, the premium allowances and account deletion.
 */

const AI_CAP = 1000;
let server: TestServer;
let stripe: StripeFake;

beforeAll(async () => {
  stripe = await startStripeFake();
  server = await startTestServer({ ...stripeEnv(stripe), AI_MONTHLY_TOKEN_CAP: String(AI_CAP) });
  stripe.webhookUrl = `${server.url}/api/stripe/webhook`;
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

const START = `mutation($plan: PlanId!, $interval: BillingInterval!) {
  startCheckout(plan: $plan, interval: $interval) { url } }`;
const PORTAL = `mutation($returnUrl: String) { openBillingPortal(returnUrl: $returnUrl) { url } }`;
const ME = `{ me { id accountType isPremiumUser subscription { plan name status interval
  currentPeriodEnd cancelAtPeriodEnd lastInvoice { amountPaid currency status createdAt hostedInvoiceUrl } } } }`;

interface Me {
  id: string;
  accountType: string;
  isPremiumUser: boolean;
  subscription: {
    plan: string;
    name: string;
    status: string;
    interval: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    lastInvoice: { amountPaid: number; status: string; hostedInvoiceUrl: string | null } | null;
  } | null;
}

const me = async (user: TestUser) =>
  (await gqlData<{ me: Me }>(server.url, ME, {}, { token: user.token })).me;

const checkout = async (user: TestUser, plan = 'pro', interval = 'month') =>
  (
    await gqlData<{ startCheckout: { url: string } }>(
      server.url,
      START,
      { plan, interval },
      { token: user.token },
    )
  ).startCheckout.url;

const sessionOf = (url: string) => {
  const session = stripe.sessions.get(url.split('/').pop()!);
  if (!session) throw new Error(`the fake made no session ${url}`);
  return session;
};

const customerOf = async (user: TestUser) => {
  const [row] = await server.deps.db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, user.id));
  return row?.customerId ?? null;
};

const typeChanges = async (user: TestUser) => {
  const [row] = await server.deps.db
    .select({ n: count() })
    .from(accountTypeChanges)
    .where(eq(accountTypeChanges.userId, user.id));
  return row?.n ?? 0;
};

/** Subscribes through Checkout and the fake's payment: the person is premium after. */
async function subscribed(user: TestUser, plan = 'pro') {
  const url = await checkout(user, plan);
  const subscription = await stripe.completeCheckout(sessionOf(url).id as string);
  return subscription;
}

const subscriptionEvent = (type: string, subscription: Record<string, unknown>, created: number) =>
  stripe.event(type, structuredClone(subscription), created);

const now = () => Math.floor(Date.now() / 1000);
/** The app's public address (PUBLIC_URL; in tests, localhost and the port), where Stripe returns. */
const appUrl = () => server.deps.config.publicUrl;

describe('the plans', () => {
  it('lists every plan with its Stripe prices, signed out', async () => {
    const { billing } = await gqlData<{
      billing: {
        paymentsEnabled: boolean;
        donationUrl: string | null;
        plans: {
          id: string;
          holder: string;
          prices: { interval: string; unitAmount: number; currency: string }[];
        }[];
      };
    }>(
      server.url,
      '{ billing { paymentsEnabled donationUrl plans { id holder features prices { interval unitAmount currency } } } }',
    );
    expect(billing.paymentsEnabled).toBe(true);
    expect(billing.donationUrl).toBeNull();
    expect(billing.plans.map((plan) => plan.id)).toEqual(['public', 'pro', 'org', 'bumpStars']);
    expect(billing.plans[0]!.prices).toEqual([]);
    expect(billing.plans[1]!.prices).toEqual([
      { interval: 'month', unitAmount: 800, currency: 'usd' },
      { interval: 'year', unitAmount: 8000, currency: 'usd' },
    ]);
    expect(billing.plans[2]!.holder).toBe('org');
  });
});

describe('checkout', () => {
  it('asks a signed-out visitor to sign in, over GraphQL and REST', async () => {
    expect((await gqlError(server.url, START, { plan: 'pro', interval: 'month' })).code).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      (
        await rest(server.url, 'POST', '/api/subscriptions/checkout', {
          plan: 'pro',
          interval: 'month',
        })
      ).status,
    ).toBe(401);
    expect((await rest(server.url, 'GET', '/api/subscriptions')).status).toBe(401);
    expect((await rest(server.url, 'GET', '/api/subscriptions/portal')).status).toBe(401);
    expect((await gqlError(server.url, PORTAL, {})).code).toBe('UNAUTHENTICATED');
  });

  it("creates a session for the viewer's own customer with the price found by lookup key", async () => {
    const buyer = await signUpVerified(server, { displayName: 'Buyer' });
    const url = await checkout(buyer, 'bumpStars', 'year');
    expect(url.startsWith(`${stripe.url}/checkout/`)).toBe(true);
    const session = sessionOf(url);
    const customerId = await customerOf(buyer);
    expect(session.customer).toBe(customerId);
    expect(stripe.customers.get(customerId!)?.metadata).toEqual({ userId: buyer.id });
    expect(session.client_reference_id).toBe(buyer.id);
    expect(session.lookup_key).toBe('bumpStars_year');
    expect(session.metadata).toEqual({ userId: buyer.id, plan: 'bumpStars' });
    expect(session.subscription_data).toEqual({
      metadata: { userId: buyer.id, plan: 'bumpStars' },
    });
    expect(session.success_url).toBe(
      `${appUrl()}/stripe?result=success&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(session.cancel_url).toBe(`${appUrl()}/stripe?result=cancel`);
    // A second checkout reuses the customer; REST answers the same.
    const again = await rest<{ url: string }>(
      server.url,
      'POST',
      '/api/subscriptions/checkout',
      { plan: 'pro', interval: 'month' },
      buyer.token,
    );
    expect(again.status).toBe(200);
    expect(sessionOf(again.body.url).customer).toBe(customerId);
    // Buying does nothing until Stripe says so.
    expect((await me(buyer)).accountType).toBe('basic');
  });

  it('makes one customer for two clicks at once', async () => {
    const quick = await signUpVerified(server);
    const answers = await Promise.all([checkout(quick), checkout(quick)]);
    const made = [...stripe.customers.values()].filter(
      (customer) => (customer.metadata as { userId?: string }).userId === quick.id,
    );
    expect(made).toHaveLength(1);
    for (const url of answers) expect(sessionOf(url).customer).toBe(made[0]!.id);
  });

  it('keeps the org plan for organisation accounts, and personal plans for people', async () => {
    const person = await signUpVerified(server);
    const org = await signUpVerified(server, { role: 'org' });
    expect(
      (
        await gqlError(
          server.url,
          START,
          { plan: 'org', interval: 'month' },
          { token: person.token },
        )
      ).message,
    ).toBe(BILLING_MESSAGES.orgPlanOnly);
    expect(
      (await gqlError(server.url, START, { plan: 'pro', interval: 'month' }, { token: org.token }))
        .message,
    ).toBe(BILLING_MESSAGES.personPlanOnly);
    expect(sessionOf(await checkout(org, 'org')).lookup_key).toBe('org_month');
    const bad = await rest(
      server.url,
      'POST',
      '/api/subscriptions/checkout',
      { plan: 'gold', interval: 'month' },
      person.token,
    );
    expect([bad.status, bad.body.error?.message]).toEqual([422, BILLING_MESSAGES.planRequired]);
  });
});

describe('the webhook', () => {
  it('makes the account premium when Stripe says so, live, and the menu reads the plan', async () => {
    const buyer = await signUpVerified(server, { displayName: 'Premium' });
    const live = await subscribe<{
      accountChanged: { id: string; accountType: string; subscription: { name: string } | null };
    }>(
      server.url,
      'subscription { accountChanged { id accountType subscription { name } } }',
      {},
      { token: buyer.token },
    );
    const watcher = await signUpVerified(server);
    const watching = await subscribe<{ accountChanged: { id: string } }>(
      server.url,
      'subscription { accountChanged { id } }',
      {},
      { token: watcher.token },
    );
    const changes = await typeChanges(buyer);
    await subscribed(buyer);
    const [event] = await live.take(1);
    // The watcher hears only their own account: their own change is the first event they get.
    await subscribed(watcher, 'bumpStars');
    expect((await watching.take(1))[0]!.accountChanged.id).toBe(watcher.id);
    await watching.close();
    expect(event!.accountChanged).toEqual({
      id: buyer.id,
      accountType: 'premium',
      subscription: { name: 'Problem Solving Pro' },
    });
    await live.close();
    const view = await me(buyer);
    expect(view).toMatchObject({
      accountType: 'premium',
      isPremiumUser: true,
      subscription: {
        plan: 'pro',
        name: 'Problem Solving Pro',
        status: 'active',
        interval: 'month',
        cancelAtPeriodEnd: false,
      },
    });
    expect(view.subscription!.currentPeriodEnd).not.toBeNull();
    expect(view.subscription!.lastInvoice).toMatchObject({ amountPaid: 800, status: 'paid' });
    expect(await typeChanges(buyer)).toBe(changes + 1);
    // REST: the subscription row and the user record.
    const own = await rest<{ subscription: { name: string } }>(
      server.url,
      'GET',
      '/api/subscriptions',
      undefined,
      buyer.token,
    );
    expect(own.body.subscription.name).toBe('Problem Solving Pro');
    const info = await rest<{
      user: { accountType: string; isPremiumUser: boolean; subscription: { status: string } };
    }>(server.url, 'GET', '/api/user/userinfo', undefined, buyer.token);
    expect(info.body.user).toMatchObject({
      accountType: 'premium',
      isPremiumUser: true,
      subscription: { status: 'active' },
    });
    // Already premium: sent to the portal instead.
    expect(
      (
        await gqlError(
          server.url,
          START,
          { plan: 'bumpStars', interval: 'month' },
          { token: buyer.token },
        )
      ).message,
    ).toBe(BILLING_MESSAGES.alreadyPremium);
  });

  it("pays on the fake's Checkout page as a browser would, returning to /stripe", async () => {
    const buyer = await signUpVerified(server);
    const url = await checkout(buyer, 'pro', 'year');
    const page = await fetch(url);
    expect(await page.text()).toContain('<button type="submit">Pay</button>');
    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${appUrl()}/stripe`);
    expect(back.searchParams.get('result')).toBe('success');
    expect(back.searchParams.get('session_id')).toBe(sessionOf(url).id);
    expect((await me(buyer)).subscription).toMatchObject({ plan: 'pro', interval: 'year' });
  });

  it('shows others the account type, never the subscription', async () => {
    const owner = await signUpVerified(server);
    const other = await signUpVerified(server);
    await subscribed(owner);
    const seen = await gqlData<{ person: { accountType: string; isPremiumUser: boolean } }>(
      server.url,
      'query($id: ID!) { person(id: $id) { accountType isPremiumUser } }',
      { id: owner.id },
      { token: other.token },
    );
    expect(seen.person).toEqual({ accountType: 'premium', isPremiumUser: true });
    const self = await me(other);
    expect([self.accountType, self.subscription]).toEqual(['basic', null]);
    expect(
      (await rest(server.url, 'GET', '/api/subscriptions', undefined, other.token)).body,
    ).toEqual({ success: true, subscription: null });
  });

  it('changes nothing for a replayed event', async () => {
    const buyer = await signUpVerified(server);
    const subscription = await subscribed(buyer);
    const changes = await typeChanges(buyer);
    const deleted = subscriptionEvent(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled' },
      now() + 5,
    );
    expect((await stripe.send(deleted)).body).toMatchObject({ received: true, duplicate: false });
    expect((await me(buyer)).accountType).toBe('basic');
    expect(await typeChanges(buyer)).toBe(changes + 1);
    // A replay of an older event that made it premium: stored already, ignored.
    const created = subscriptionEvent('customer.subscription.created', subscription, now() + 1);
    expect((await stripe.send(created)).status).toBe(200);
    expect((await stripe.send(created)).body).toMatchObject({ duplicate: true });
    expect((await stripe.send(deleted)).body).toMatchObject({ duplicate: true });
    expect((await me(buyer)).accountType).toBe('basic');
    expect(await typeChanges(buyer)).toBe(changes + 1);
  });

  it('refuses a forged signature and a stale timestamp with 400, changing nothing', async () => {
    const buyer = await signUpVerified(server);
    const subscription = await subscribed(buyer);
    const deleted = subscriptionEvent(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled' },
      now() + 5,
    );
    const forged = await stripe.send(deleted, { secret: 'whsec_not_the_secret' });
    expect([forged.status, (forged.body.error as { message: string }).message]).toEqual([
      400,
      BILLING_MESSAGES.signatureInvalid,
    ]);
    expect((await stripe.send(deleted, { signature: null })).status).toBe(400);
    expect((await stripe.send(deleted, { timestamp: now() - 600 })).status).toBe(400);
    expect((await me(buyer)).accountType).toBe('premium');
    // The event itself was never stored: signed properly, it still applies.
    expect((await stripe.send(deleted)).body).toMatchObject({ duplicate: false });
    expect((await me(buyer)).accountType).toBe('basic');
  });

  it('keeps the newer state when an older update arrives after it, and ends at deletion', async () => {
    const buyer = await signUpVerified(server);
    const subscription = await subscribed(buyer);
    const t = now();
    await stripe.send(
      subscriptionEvent(
        'customer.subscription.updated',
        { ...subscription, cancel_at_period_end: true },
        t + 20,
      ),
    );
    await stripe.send(
      subscriptionEvent(
        'customer.subscription.updated',
        { ...subscription, cancel_at_period_end: false },
        t + 10,
      ),
    );
    expect((await me(buyer)).subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    // Cancelled at period end: premium until Stripe ends it.
    expect((await me(buyer)).accountType).toBe('premium');
    await stripe.send(
      subscriptionEvent(
        'customer.subscription.deleted',
        { ...subscription, status: 'canceled' },
        t + 30,
      ),
    );
    const ended = await me(buyer);
    expect([ended.accountType, ended.subscription?.status]).toEqual(['basic', 'canceled']);
  });

  it('shows a failed payment on the subscription, still premium while Stripe retries', async () => {
    const buyer = await signUpVerified(server);
    const subscription = await subscribed(buyer);
    stripe.subscriptions.get(subscription.id as string)!.status = 'past_due';
    const invoice = stripe.createInvoice(subscription, false);
    invoice.created = now() + 1;
    expect((await stripe.send(stripe.event('invoice.payment_failed', invoice))).status).toBe(200);
    const view = await me(buyer);
    expect(view.subscription).toMatchObject({
      status: 'past_due',
      lastInvoice: { amountPaid: 0, status: 'open' },
    });
    expect(view.accountType).toBe('premium');
  });

  it("ignores a completed checkout naming another account's customer", async () => {
    const owner = await signUpVerified(server);
    const intruder = await signUpVerified(server);
    await checkout(owner);
    await checkout(intruder);
    const ownerCustomer = await customerOf(owner);
    expect(ownerCustomer).not.toBe(await customerOf(intruder));
    const subscription = stripe.createSubscription(ownerCustomer!, 'pro', 'month');
    const forgedSession = {
      id: 'cs_test_forged',
      object: 'checkout.session',
      mode: 'subscription',
      customer: ownerCustomer,
      client_reference_id: intruder.id,
      subscription: subscription.id,
    };
    expect(
      (await stripe.send(stripe.event('checkout.session.completed', forgedSession))).status,
    ).toBe(200);
    expect((await me(intruder)).accountType).toBe('basic');
    // The subscription's own event goes to the customer's account: the owner's.
    await stripe.send(subscriptionEvent('customer.subscription.created', subscription, now() + 1));
    expect((await me(intruder)).accountType).toBe('basic');
    expect((await me(owner)).accountType).toBe('premium');
  });

  it('answers 200 to an event it does not handle, and stores it', async () => {
    const event = stripe.event('customer.created', { id: 'cus_x', object: 'customer' });
    // Once through the REST contract's helper: the row's documented shape.
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: FAKE_WEBHOOK_SECRET,
    });
    const answer = await rest(server.url, 'POST', '/api/stripe/webhook', event, undefined, {
      'stripe-signature': signature,
    });
    expect(answer.body).toEqual({ success: true, received: true, duplicate: false });
    expect((await rest(server.url, 'POST', '/api/stripe/webhook', event)).status).toBe(400);
    expect((await stripe.send(event)).body).toMatchObject({ duplicate: true });
  });
});

describe('personal access tokens', () => {
  it('read their own subscription with `read`, and never start or manage payments', async () => {
    const owner = await signUpVerified(server);
    await subscribed(owner);
    const apiToken = await createApiToken(server, owner);
    const token = apiToken.token;
    const own = await rest<{ subscription: { plan: string } }>(
      server.url,
      'GET',
      '/api/subscriptions',
      undefined,
      token,
    );
    expect(own.body.subscription.plan).toBe('pro');
    const portal = await rest(server.url, 'GET', '/api/subscriptions/portal', undefined, token);
    expect(portal.status).toBe(403);
    const body = { plan: 'bumpStars', interval: 'month' };
    expect(
      (await rest(server.url, 'POST', '/api/subscriptions/checkout', body, token)).status,
    ).toBe(403);
    expect((await gqlError(server.url, PORTAL, {}, { token })).code).toBe('FORBIDDEN');
  });
});

describe('the billing portal', () => {
  it("opens only the viewer's own customer, and returns only to this app", async () => {
    const never = await signUpVerified(server);
    expect(await gqlError(server.url, PORTAL, {}, { token: never.token })).toMatchObject({
      code: 'NOT_FOUND',
      message: BILLING_MESSAGES.noCustomer,
    });
    const owner = await signUpVerified(server);
    const other = await signUpVerified(server);
    await subscribed(owner);
    await checkout(other);
    const { openBillingPortal } = await gqlData<{ openBillingPortal: { url: string } }>(
      server.url,
      PORTAL,
      {},
      { token: owner.token },
    );
    expect(openBillingPortal.url.startsWith(`${stripe.url}/portal/`)).toBe(true);
    const seen = stripe.requests
      .filter((request) => request.path === '/v1/billing_portal/sessions')
      .at(-1)!;
    expect(seen.body).toEqual({
      customer: await customerOf(owner),
      return_url: `${appUrl()}/settings/subscriptions`,
    });
    // The spec's customerId is not read: the viewer's own customer, always.
    const viaRest = await rest<{ url: string }>(
      server.url,
      'GET',
      `/api/subscriptions/portal?returnUrl=%2Fsubscriptions%2Fmanage&customerId=${await customerOf(owner)}`,
      undefined,
      other.token,
    );
    expect(viaRest.status).toBe(200);
    const restSeen = stripe.requests
      .filter((request) => request.path === '/v1/billing_portal/sessions')
      .at(-1)!;
    expect(restSeen.body).toEqual({
      customer: await customerOf(other),
      return_url: `${appUrl()}/subscriptions/manage`,
    });
    for (const returnUrl of [
      'https://evil.example/x',
      '//evil.example/x',
      'javascript:alert(1)',
      'http://localhost:1/x',
    ])
      expect(
        await gqlError(server.url, PORTAL, { returnUrl }, { token: owner.token }),
        returnUrl,
      ).toMatchObject({ code: 'BAD_USER_INPUT', message: BILLING_MESSAGES.returnUrlInvalid });
    expect(
      (
        await rest(
          server.url,
          'GET',
          '/api/subscriptions/portal?returnUrl=https%3A%2F%2Fevil.example',
          undefined,
          owner.token,
        )
      ).status,
    ).toBe(422);
    await gqlData(
      server.url,
      PORTAL,
      { returnUrl: `${appUrl()}/settings/account` },
      { token: owner.token },
    );
  });
});

describe('premium allowances', () => {
  it('gives a premium person the larger monthly AI allowance', async () => {
    const basic = await signUpVerified(server);
    const premium = await signUpVerified(server);
    await subscribed(premium);
    const capOf = async (user: TestUser) =>
      (
        await gqlData<{ myAiUsage: { cap: number } }>(
          server.url,
          '{ myAiUsage { cap } }',
          {},
          { token: user.token },
        )
      ).myAiUsage.cap;
    expect(await capOf(basic)).toBe(AI_CAP);
    expect(await capOf(premium)).toBe(AI_CAP * PREMIUM_AI_CAP_FACTOR);
  });

  it('gives a premium person the larger daily upload total', async () => {
    const basic = await signUpVerified(server);
    const premium = await signUpVerified(server);
    await subscribed(premium);
    const past = UPLOAD_BYTES_PER_DAY + 1;
    await expect(assertStorageBudget(server.deps.db, basic.id, past)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    await expect(assertStorageBudget(server.deps.db, premium.id, past)).resolves.toBeUndefined();
  });
});

describe('account deletion', () => {
  it('keeps the account, saying so, while Stripe cannot cancel its subscription', async () => {
    const staying = await signUpVerified(server);
    const subscription = await subscribed(staying);
    stripe.failing = true;
    try {
      const refused = await rest(
        server.url,
        'DELETE',
        '/api/user/delete',
        undefined,
        staying.token,
      );
      expect([refused.status, refused.body.error?.message]).toEqual([
        502,
        BILLING_MESSAGES.cancelFailed,
      ]);
    } finally {
      stripe.failing = false;
    }
    expect(stripe.subscriptions.get(subscription.id as string)!.status).toBe('active');
    expect((await me(staying)).accountType).toBe('premium');
    // A subscription Stripe no longer knows has nothing left to cancel: the account goes.
    stripe.subscriptions.delete(subscription.id as string);
    expect(
      (await rest(server.url, 'DELETE', '/api/user/delete', undefined, staying.token)).status,
    ).toBe(200);
  });

  it('cancels the subscription at Stripe and removes the billing rows', async () => {
    const leaving = await signUpVerified(server);
    const subscription = await subscribed(leaving);
    const deleted = await rest(server.url, 'DELETE', '/api/user/delete', undefined, leaving.token);
    expect(deleted.status).toBe(200);
    expect(stripe.subscriptions.get(subscription.id as string)!.status).toBe('canceled');
    for (const table of [billingCustomers, billingSubscriptions, accountTypeChanges]) {
      const [row] = await server.deps.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.userId, leaving.id));
      expect(row?.n).toBe(0);
    }
  });
});
