import {
  BILLING_MESSAGES,
  CHECKOUT_RETURN_PATH,
  PLANS,
  RATE_LIMITS,
  checkoutInputSchema,
  isPremiumStatus,
} from '@rules';
import type Stripe from 'stripe';
import { requireViewer } from '../../auth/guards';
import { limitedWrite } from '../../auth/rate-limit';
import { requireScope } from '../../auth/scopes';
import type { Context } from '../../context';
import type { Tx } from '../../db/client';
import { billingCustomers } from '../../db/schema';
import { AppError, parseInput } from '../../errors';
import { priceFor } from './plans.service';
import { callStripe, requireStripe } from './stripe-client';
import { customerOfUser, subscriptionRowOf } from './subscription-state.service';

/**
 * Starting a subscription: Stripe Checkout (hosted) for a plan and interval, for the viewer's
 * own Stripe customer. The account turns premium only when Stripe's webhook says so, never
 * because the browser came back to `/stripe`.
 */

const CHECKOUT_BUCKET = 'billingCheckout';

/** Payments are a person's own: a session starts them, an app holding a token never does. */
export function requireBillingViewer(ctx: Context) {
  const viewer = requireViewer(ctx);
  requireScope(ctx.scopes, 'session');
  return viewer;
}

/**
 * The viewer's Stripe customer, made at Stripe the first time (metadata userId). Runs inside the
 * rate limit's transaction, which holds a lock per person until it ends: two clicks at once queue
 * there, and the second finds the first's customer; the unique user id and customer id keep one
 * customer per account whatever happens. Stripe's idempotency key makes a retried create (a
 * timeout after Stripe made it) answer the same customer.
 */
async function ensureCustomer(
  ctx: Context,
  tx: Tx,
  stripe: Stripe,
  viewer: { id: string; email: string; displayName: string },
): Promise<string> {
  const held = await customerOfUser(tx, viewer.id);
  if (held) return held;
  const customer = await callStripe(ctx.log, 'customers.create', () =>
    stripe.customers.create(
      { email: viewer.email, name: viewer.displayName, metadata: { userId: viewer.id } },
      { idempotencyKey: `customer-${viewer.id}` },
    ),
  );
  await tx
    .insert(billingCustomers)
    .values({ userId: viewer.id, customerId: customer.id })
    .onConflictDoNothing();
  return (await customerOfUser(tx, viewer.id)) ?? customer.id;
}

/** This app's public address, for Stripe to send the browser back to. */
export const appUrl = (ctx: Context, path: string) => new URL(path, ctx.config.publicUrl).href;

/**
 * `startCheckout`: the Checkout URL for a plan. The org plan is for organisation accounts only,
 * the personal plans for people only; an account already premium is sent to the portal.
 */
export async function startCheckout(ctx: Context, input: unknown): Promise<{ url: string }> {
  const viewer = requireBillingViewer(ctx);
  // The input first: a value past its limit is refused unread, payments on or off.
  const { plan, interval } = parseInput(checkoutInputSchema, input);
  const stripe = requireStripe(ctx.config);
  const holder = PLANS[plan].holder;
  if (holder === 'org' && viewer.role !== 'org')
    throw new AppError('FORBIDDEN', BILLING_MESSAGES.orgPlanOnly, { field: 'plan' });
  if (holder === 'person' && viewer.role === 'org')
    throw new AppError('FORBIDDEN', BILLING_MESSAGES.personPlanOnly, { field: 'plan' });
  if (isPremiumStatus((await subscriptionRowOf(ctx.db, viewer.id))?.status))
    throw new AppError('CONFLICT', BILLING_MESSAGES.alreadyPremium);
  const price = await priceFor(ctx, stripe, plan, interval);
  if (!price) throw new AppError('UNAVAILABLE', BILLING_MESSAGES.priceMissing, { field: 'plan' });
  const customerId = await limitedWrite(
    ctx.db,
    CHECKOUT_BUCKET,
    viewer.id,
    RATE_LIMITS.billingCheckout,
    (tx) => ensureCustomer(ctx, tx, stripe, viewer),
  );
  const metadata = { userId: viewer.id, plan };
  const session = await callStripe(ctx.log, 'checkout.sessions.create', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: viewer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      metadata,
      subscription_data: { metadata },
      success_url: `${appUrl(ctx, CHECKOUT_RETURN_PATH)}?result=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl(ctx, CHECKOUT_RETURN_PATH)}?result=cancel`,
    }),
  );
  if (!session.url) throw new AppError('BAD_GATEWAY', BILLING_MESSAGES.stripeFailed);
  return { url: session.url };
}
