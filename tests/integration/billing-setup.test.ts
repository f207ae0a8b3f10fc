import { BILLING_INTERVALS, PAID_PLAN_IDS, PLANS, lookupKey } from '@rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpStripe } from '../../server/src/admin/stripe-setup';
import { tempDataDir } from '../helpers/server';
import { FAKE_STRIPE_KEY, startStripeFake, type StripeFake } from '../helpers/stripe-fake';

/** `npm run stripe:setup` against a local Stripe that starts with no prices. */

let stripe: StripeFake;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  stripe = await startStripeFake({ seedPrices: false });
  env = {
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_API_BASE: stripe.url,
    DATA_DIR: await tempDataDir(),
  };
});
afterAll(async () => {
  await stripe?.close();
});

describe('npm run stripe:setup', () => {
  it('makes a product per paid plan and its prices by lookup key, once', async () => {
    const first = await setUpStripe(env);
    expect(first.filter((line) => line.startsWith('created'))).toHaveLength(6);
    expect(stripe.products.size).toBe(PAID_PLAN_IDS.length);
    for (const plan of PAID_PLAN_IDS)
      for (const interval of BILLING_INTERVALS) {
        const price = [...stripe.prices.values()].find(
          (p) => p.lookup_key === lookupKey(plan, interval),
        );
        expect(price, lookupKey(plan, interval)).toMatchObject({
          unit_amount: PLANS[plan].prices![interval],
          currency: 'usd',
          recurring: { interval },
        });
      }
    const again = await setUpStripe(env);
    expect(again.every((line) => line.startsWith('skipped'))).toBe(true);
    expect(stripe.prices.size).toBe(6);
    expect(stripe.products.size).toBe(PAID_PLAN_IDS.length);
  });

  it('adds only what is missing, on the product the plan already has', async () => {
    const [price] = [...stripe.prices.entries()].find(([, p]) => p.lookup_key === 'pro_year')!;
    stripe.prices.delete(price);
    const lines = await setUpStripe(env);
    expect(lines.filter((line) => line.startsWith('created'))).toEqual([
      expect.stringMatching(/^created pro_year/u),
    ]);
    expect(stripe.products.size).toBe(PAID_PLAN_IDS.length);
  });

  it('refuses to run without a secret key', async () => {
    await expect(setUpStripe({ DATA_DIR: env.DATA_DIR })).rejects.toThrow('STRIPE_SECRET_KEY');
  });
});
