import {
  BILLING_INTERVALS,
  PAID_PLAN_IDS,
  PLAN_IDS,
  PLANS,
  lookupKey,
  type AccountType,
  type BillingInterval,
  type PaidPlanId,
  type PlanFeature,
  type PlanHolder,
  type PlanId,
} from '@rules';
import type Stripe from 'stripe';
import type { Context } from '../../context';
import { callStripe, stripeOf } from './stripe-client';

/**
 * The plans as the pricing pages read them: the one definition in `@rules` (plans.ts) with the
 * prices Stripe holds for them, found by lookup key and cached a few minutes per Stripe client
 * (a price changed in Stripe's dashboard shows within that). Payments off: no prices.
 */

export interface PlanPriceView {
  interval: BillingInterval;
  unitAmount: number;
  currency: string;
}

export interface PlanView {
  id: PlanId;
  accountType: AccountType;
  holder: PlanHolder;
  features: readonly PlanFeature[];
  prices: PlanPriceView[];
}

export interface BillingView {
  paymentsEnabled: boolean;
  plans: PlanView[];
  donationUrl: string | null;
}

const PRICE_CACHE_MS = 5 * 60_000;

/** Lookup key → Stripe Price, per Stripe client, with when it was read. */
const priceCache = new WeakMap<
  Stripe,
  { at: number; prices: Promise<Map<string, Stripe.Price>> }
>();

const ALL_LOOKUP_KEYS = PAID_PLAN_IDS.flatMap((plan) =>
  BILLING_INTERVALS.map((interval) => lookupKey(plan, interval)),
);

async function listPrices(stripe: Stripe): Promise<Map<string, Stripe.Price>> {
  const list = await stripe.prices.list({ lookup_keys: ALL_LOOKUP_KEYS, active: true, limit: 100 });
  return new Map(
    list.data.flatMap((price) => (price.lookup_key ? [[price.lookup_key, price] as const] : [])),
  );
}

/** Every plan's Stripe Price by lookup key; a failed read is not cached, so the next one asks. */
export function pricesOf(stripe: Stripe): Promise<Map<string, Stripe.Price>> {
  const cached = priceCache.get(stripe);
  if (cached && Date.now() - cached.at < PRICE_CACHE_MS) return cached.prices;
  const prices = listPrices(stripe);
  priceCache.set(stripe, { at: Date.now(), prices });
  prices.catch(() => priceCache.delete(stripe));
  return prices;
}

/** The Stripe Price of a plan and interval, or null when Stripe has none by that lookup key. */
export async function priceFor(
  ctx: Context,
  stripe: Stripe,
  plan: PaidPlanId,
  interval: BillingInterval,
): Promise<Stripe.Price | null> {
  const prices = await callStripe(ctx.log, 'prices.list', () => pricesOf(stripe));
  return prices.get(lookupKey(plan, interval)) ?? null;
}

const isPaid = (plan: PlanId): plan is PaidPlanId => plan !== 'public';

/**
 * `billing`: whether payments are on, every plan with its prices, and the donation link. Stripe
 * unreachable: the plans still show, without prices (the pages say so), rather than failing.
 */
export async function billingInfo(ctx: Context): Promise<BillingView> {
  const stripe = stripeOf(ctx.config);
  let prices = new Map<string, Stripe.Price>();
  if (stripe)
    try {
      prices = await pricesOf(stripe);
    } catch (error) {
      ctx.log.warn({ err: error }, 'stripe prices not read');
    }
  return {
    paymentsEnabled: stripe !== null,
    donationUrl: ctx.config.donationUrl,
    plans: PLAN_IDS.map((id) => {
      const plan = PLANS[id];
      return {
        id,
        accountType: plan.accountType,
        holder: plan.holder,
        features: plan.features,
        prices: isPaid(id)
          ? BILLING_INTERVALS.flatMap((interval) => {
              const price = prices.get(lookupKey(id, interval));
              return price?.unit_amount != null
                ? [{ interval, unitAmount: price.unit_amount, currency: price.currency }]
                : [];
            })
          : [],
      };
    }),
  };
}
