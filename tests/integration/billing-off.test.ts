import { BILLING_MESSAGES } from '@rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, gqlError, rest } from '../helpers/clients';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/** Payments off (no STRIPE_SECRET_KEY): the plans still show, every billing row answers one 503. */

let server: TestServer;
let person: TestUser;

beforeAll(async () => {
  server = await startTestServer({ DONATION_URL: 'https://donate.example.org/bumps' });
  person = await signUpVerified(server);
});
afterAll(async () => {
  await server?.stop();
});

describe('payments off', () => {
  it('still lists the plans, without prices, and the donation link', async () => {
    const { billing } = await gqlData<{
      billing: {
        paymentsEnabled: boolean;
        donationUrl: string;
        plans: { id: string; prices: unknown[] }[];
      };
    }>(
      server.url,
      '{ billing { paymentsEnabled donationUrl plans { id prices { unitAmount } } } }',
    );
    expect(billing.paymentsEnabled).toBe(false);
    expect(billing.donationUrl).toBe('https://donate.example.org/bumps');
    expect(billing.plans.map((plan) => [plan.id, plan.prices])).toEqual([
      ['public', []],
      ['pro', []],
      ['org', []],
      ['bumpStars', []],
    ]);
  });

  it('asks a signed-out visitor to sign in before anything else', async () => {
    expect(
      (await gqlError(server.url, 'mutation { startCheckout(plan: pro, interval: month) { url } }'))
        .code,
    ).toBe('UNAUTHENTICATED');
    expect((await rest(server.url, 'GET', '/api/subscriptions')).status).toBe(401);
  });

  it('answers every billing row with one clear 503', async () => {
    const refusal = { code: 'UNAVAILABLE', message: BILLING_MESSAGES.paymentsOff };
    expect(
      await gqlError(
        server.url,
        'mutation { startCheckout(plan: pro, interval: month) { url } }',
        {},
        { token: person.token },
      ),
    ).toMatchObject(refusal);
    expect(
      await gqlError(
        server.url,
        'mutation { openBillingPortal { url } }',
        {},
        { token: person.token },
      ),
    ).toMatchObject(refusal);
    for (const [method, path, body] of [
      ['GET', '/api/subscriptions', undefined],
      ['POST', '/api/subscriptions/checkout', { plan: 'pro', interval: 'month' }],
      ['GET', '/api/subscriptions/portal', undefined],
      ['POST', '/api/stripe/webhook', { id: 'evt_1', type: 'invoice.paid' }],
    ] as const) {
      const answer = await rest(
        server.url,
        method,
        path,
        body,
        path.includes('webhook') ? undefined : person.token,
      );
      expect([answer.status, answer.body.error?.message], path).toEqual([
        503,
        BILLING_MESSAGES.paymentsOff,
      ]);
    }
  });

  it('shows everyone as basic, over GraphQL and REST', async () => {
    const { me } = await gqlData<{
      me: { accountType: string; isPremiumUser: boolean; subscription: null };
    }>(
      server.url,
      '{ me { accountType isPremiumUser subscription { name } } }',
      {},
      { token: person.token },
    );
    expect(me).toEqual({ accountType: 'basic', isPremiumUser: false, subscription: null });
    const info = await rest<{ user: Record<string, unknown> }>(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      person.token,
    );
    expect(info.body.user).toMatchObject({
      accountType: 'basic',
      isPremiumUser: false,
      subscription: null,
    });
  });
});
