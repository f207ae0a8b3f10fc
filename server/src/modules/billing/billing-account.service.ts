import { BILLING_MESSAGES } from '@rules';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accountTypeChanges, billingCustomers, billingSubscriptions } from '../../db/schema';
import { AppError } from '../../errors';
import { registerAccountFarewell, registerAccountRemover } from '../users/account-removers';
import { stripeOf } from './stripe-client';
import { subscriptionRowOf } from './subscription-state.service';

/**
 * An account being deleted: its subscription is cancelled at Stripe first (no one is billed for
 * an account that is gone), then its billing rows go in the deletion's transaction. Stripe
 * unreachable: the deletion is refused with the reason, and the person tries again; an account
 * whose subscription already ended (or which Stripe no longer knows) goes at once.
 */

/** The statuses after which Stripe bills nothing more. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

async function cancelAtStripe(deps: Pick<AppDeps, 'config' | 'db' | 'log'>, userId: string) {
  const row = await subscriptionRowOf(deps.db, userId);
  if (!row || ENDED.has(row.status)) return;
  const stripe = stripeOf(deps.config);
  // Payments off: nothing of it is at any Stripe this server can reach (demo data).
  if (!stripe) return;
  try {
    await stripe.subscriptions.cancel(row.subscriptionId);
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code === 'resource_missing'
    )
      return;
    deps.log.warn({ err: error, userId }, 'subscription not cancelled at stripe');
    throw new AppError('BAD_GATEWAY', BILLING_MESSAGES.cancelFailed);
  }
}

async function removeBillingRows(tx: DbOrTx, userId: string) {
  await tx.delete(accountTypeChanges).where(eq(accountTypeChanges.userId, userId));
  await tx.delete(billingSubscriptions).where(eq(billingSubscriptions.userId, userId));
  await tx.delete(billingCustomers).where(eq(billingCustomers.userId, userId));
}

registerAccountFarewell('billing', cancelAtStripe);
registerAccountRemover('billing', removeBillingRows);
