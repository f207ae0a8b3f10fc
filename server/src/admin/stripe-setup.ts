/**
 * `npm run stripe:setup`: makes on the configured Stripe account (STRIPE_SECRET_KEY, and
 * STRIPE_API_BASE when not Stripe's own API) a Product per paid plan and its monthly and yearly
 * Prices from PLANS, each Price under its lookup key (`pro_month`), which is how the server finds
 * them. Idempotent: a lookup key Stripe already has is skipped (its price is left as it is, so a
 * price changed in Stripe's dashboard stays); a plan's product is reused when one exists. Prints
 * what it made and what it skipped.
 */
import { pathToFileURL } from 'node:url';
import {
  BILLING_INTERVALS,
  PAID_PLAN_IDS,
  PLAN_CURRENCY,
  PLAN_NAMES,
  PLANS,
  lookupKey,
  type PaidPlanId,
} from '@rules';
import type Stripe from 'stripe';
import { loadConfig } from '../config';
import { stripeOf } from '../modules/billing/stripe-client';

/** A plan's product: the one an existing price of the plan names, or one marked with the plan. */
async function productOf(stripe: Stripe, plan: PaidPlanId, existing: Stripe.Price[]) {
  const named = existing.find((price) => price.lookup_key?.startsWith(`${plan}_`))?.product;
  if (named) return typeof named === 'string' ? named : named.id;
  for await (const product of stripe.products.list({ active: true, limit: 100 }))
    if (product.metadata.plan === plan) return product.id;
  const product = await stripe.products.create({ name: PLAN_NAMES[plan], metadata: { plan } });
  return product.id;
}

/** Makes what is missing; answers the lines to print. */
export async function setUpStripe(env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  if (!env.STRIPE_SECRET_KEY)
    throw new Error('Set STRIPE_SECRET_KEY to the Stripe account to set up');
  // The webhook secret is the server's, not needed to make prices.
  const config = loadConfig({
    ...env,
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET || 'unused',
  });
  const stripe = stripeOf(config)!;
  const keys = PAID_PLAN_IDS.flatMap((plan) => BILLING_INTERVALS.map((i) => lookupKey(plan, i)));
  const existing = (await stripe.prices.list({ lookup_keys: keys, limit: 100 })).data;
  const lines: string[] = [];
  for (const plan of PAID_PLAN_IDS) {
    const missing = BILLING_INTERVALS.filter(
      (interval) => !existing.some((price) => price.lookup_key === lookupKey(plan, interval)),
    );
    for (const interval of BILLING_INTERVALS)
      if (!missing.includes(interval)) lines.push(`skipped ${lookupKey(plan, interval)}: exists`);
    if (!missing.length) continue;
    const product = await productOf(stripe, plan, existing);
    for (const interval of missing) {
      const amount = PLANS[plan].prices![interval];
      const price = await stripe.prices.create({
        product,
        currency: PLAN_CURRENCY,
        unit_amount: amount,
        recurring: { interval },
        lookup_key: lookupKey(plan, interval),
        nickname: `${PLAN_NAMES[plan]} (${interval})`,
      });
      lines.push(`created ${lookupKey(plan, interval)}: ${price.id}, ${amount} ${PLAN_CURRENCY}`);
    }
  }
  return lines;
}

async function main() {
  try {
    for (const line of await setUpStripe()) console.log(line);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// Run as a script; imported (tests), it only exports setUpStripe.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
