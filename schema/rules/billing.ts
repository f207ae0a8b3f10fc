import type { PlanId } from './plans';

/**
 * Payments (issue 28): Stripe's subscription statuses, which of them make an account premium,
 * the plans' English names (the subscription's `name`; pages translate `billing:plans.<id>`),
 * the checkout and portal inputs, and every message a person may see from these rows. The
 * messages translate as `billing:errors.<key>` on the pages that show them (page-messages.ts).
 */

/** Stripe's subscription statuses, as Stripe spells them. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The statuses that make an account premium: paid, on trial, or a failed renewal Stripe is still
 * retrying (past_due). A subscription cancelled at period end stays active until Stripe ends it.
 */
export const PREMIUM_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

export const isPremiumStatus = (status: string | null | undefined) =>
  status != null && (PREMIUM_STATUSES as readonly string[]).includes(status);

/** The plans' names in English, as the subscription's `name` and the user menu show them. */
export const PLAN_NAMES: Readonly<Record<PlanId, string>> = {
  public: 'Public User',
  pro: 'Problem Solving Pro',
  org: 'Problem Solving Organisation',
  bumpStars: 'Bump Star',
};

/** Where the customer portal returns when no `returnUrl` is given. */
export const BILLING_PORTAL_DEFAULT_RETURN = '/settings/subscriptions';
/** The longest `returnUrl` taken (checked before it is parsed). */
export const BILLING_RETURN_URL_MAX = 2000;
/** Where Stripe Checkout returns to, on this app. */
export const CHECKOUT_RETURN_PATH = '/stripe';

export const BILLING_MESSAGES = {
  paymentsOff: 'Payments are not available on this server.',
  planRequired: 'Choose a plan',
  intervalRequired: 'Choose monthly or yearly billing',
  orgPlanOnly: 'This plan is for organisation accounts.',
  personPlanOnly: 'This plan is for personal accounts.',
  alreadyPremium: 'You already have a subscription: change it in the billing portal.',
  priceMissing: 'This plan cannot be bought on this server yet.',
  noCustomer: 'You have no subscription to manage.',
  returnUrlInvalid: 'The return address must be a page of this site.',
  stripeFailed: 'The payment provider did not answer. Try again in a minute.',
  /** Answered to a webhook delivery whose signature fails (Stripe's dashboard shows it). */
  signatureInvalid: 'The Stripe signature is missing, invalid or too old.',
  cancelFailed:
    'Your subscription could not be cancelled at the payment provider just now, so the account was kept. Try again in a minute.',
} as const;
