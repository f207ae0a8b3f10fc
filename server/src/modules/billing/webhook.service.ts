import { BILLING_MESSAGES } from '@rules';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { stripeEvents } from '../../db/schema';
import { AppError } from '../../errors';
import { requireStripe } from './stripe-client';
import {
  applyInvoice,
  applyState,
  customerOfUser,
  stateOf,
  userOfCustomer,
  type StripeState,
} from './subscription-state.service';

/**
 * Stripe's webhook (`POST /api/stripe/webhook`): the signature checked on the raw body, each
 * event stored once in the transaction that applies it (a replay answers 200 and changes
 * nothing), and the accounts it changed told live after the commit. What Stripe says now is read
 * from Stripe before the transaction when an event's own object is not the subscription itself
 * (a completed checkout, an invoice), so no network call runs inside it.
 */

type WebhookDeps = Pick<AppDeps, 'config' | 'db' | 'log' | 'pubsub'>;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** What an event asks of the database, worked out before its transaction. */
type Effect = (tx: Tx) => Promise<string[]>;

const NOTHING: Effect = async () => [];

/** A state to apply to the account of its customer; the user id when it changed. */
const applyToCustomer =
  (state: StripeState | null, at: number, eventId: string): Effect =>
  async (tx) => {
    if (!state) return [];
    const userId = await userOfCustomer(tx, state.customerId);
    if (!userId) return [];
    return (await applyState(tx, userId, state, at, eventId)) ? [userId] : [];
  };

async function retrieveState(stripe: Stripe, subscriptionId: string) {
  return stateOf(await stripe.subscriptions.retrieve(subscriptionId));
}

/**
 * A checkout that completed: its subscription applied to the account `client_reference_id` names,
 * only when the session's customer is that account's own (a session naming another account's
 * customer changes nothing). The subscription is read from Stripe: what it says now.
 */
async function checkoutCompleted(
  deps: WebhookDeps,
  stripe: Stripe,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<Effect> {
  const userId = session.client_reference_id;
  const customerId = idOf(session.customer);
  const subscriptionId = idOf(session.subscription);
  if (!userId || !customerId || !subscriptionId || session.mode !== 'subscription') return NOTHING;
  if ((await customerOfUser(deps.db, userId)) !== customerId) {
    deps.log.warn({ eventId: event.id, userId }, 'checkout names a customer not of its account');
    return NOTHING;
  }
  const state = await retrieveState(stripe, subscriptionId);
  if (!state || state.customerId !== customerId) return NOTHING;
  // Stamped with the event's time, Stripe's clock (never this server's, which may differ): what
  // was read is at least that new, and any later change comes with a later event.
  const at = event.created;
  return async (tx) => ((await applyState(tx, userId, state, at, event.id)) ? [userId] : []);
}

/** An invoice paid or failed: kept as the last invoice; the status read from Stripe's subscription. */
async function invoiceEvent(
  stripe: Stripe,
  event: Stripe.Event,
  invoice: Stripe.Invoice,
): Promise<Effect> {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  const customerId = idOf(invoice.customer);
  if (!subscriptionId || !customerId) return NOTHING;
  const state = await retrieveState(stripe, subscriptionId);
  const at = event.created;
  const summary = {
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    status: invoice.status ?? 'draft',
    created: invoice.created,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
  };
  return async (tx) => {
    const userId = await userOfCustomer(tx, customerId);
    if (!userId) return [];
    const stateChanged = state ? await applyState(tx, userId, state, at, event.id) : false;
    const invoiceChanged = await applyInvoice(tx, userId, subscriptionId, summary);
    return stateChanged || invoiceChanged ? [userId] : [];
  };
}

async function effectOf(deps: WebhookDeps, stripe: Stripe, event: Stripe.Event): Promise<Effect> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(deps, stripe, event, event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      // The event's own object, as of the event: an older one than the state held is ignored.
      return applyToCustomer(stateOf(event.data.object), event.created, event.id);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceEvent(stripe, event, event.data.object);
    default:
      return NOTHING;
  }
}

/** Verifies an event's signature (tolerance: Stripe's default 300 s); 400 when it fails. */
function verifiedEvent(deps: WebhookDeps, stripe: Stripe, raw: Buffer, signature: unknown) {
  const secret = deps.config.stripe?.webhookSecret ?? '';
  try {
    if (typeof signature !== 'string' || !signature) throw new Error('no Stripe-Signature header');
    return stripe.webhooks.constructEvent(raw, signature, secret);
  } catch (error) {
    deps.log.warn({ err: error }, 'stripe webhook refused');
    throw new AppError('BAD_REQUEST', BILLING_MESSAGES.signatureInvalid);
  }
}

/**
 * Handles one delivery. Answers once the event is stored with its effect (or was already):
 * Stripe retries a delivery that fails, and a failure to read Stripe fails it, storing nothing.
 */
export async function handleStripeWebhook(
  deps: WebhookDeps,
  raw: Buffer,
  signature: unknown,
): Promise<{ duplicate: boolean }> {
  const stripe = requireStripe(deps.config);
  const event = verifiedEvent(deps, stripe, raw, signature);
  const stored = await deps.db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id));
  if (stored.length) return { duplicate: true };
  const effect = await effectOf(deps, stripe, event);
  const changed = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    // Delivered twice at once: the other delivery applied it.
    if (!fresh) return null;
    return effect(tx);
  });
  for (const userId of new Set(changed ?? []))
    await deps.pubsub.publish('account', userId, { userId });
  return { duplicate: changed === null };
}
