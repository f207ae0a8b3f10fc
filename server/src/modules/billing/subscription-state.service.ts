import { randomUUID } from 'node:crypto';
import {
  BILLING_INTERVALS,
  PAID_PLAN_IDS,
  PLAN_NAMES,
  SUBSCRIPTION_STATUSES,
  isPremiumStatus,
  type AccountType,
  type BillingInterval,
  type PaidPlanId,
  type SubscriptionStatus,
} from '@rules';
import { eq, inArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, DbOrTx } from '../../db/client';
import {
  accountTypeChanges,
  billingCustomers,
  billingSubscriptions,
  type InvoiceSummary,
} from '../../db/schema';

/**
 * An account's subscription as this server holds it, and the one way it changes: `applyState`,
 * inside the webhook's transaction, which keeps an older state from overwriting a newer one and
 * records every change of account type. The account type is derived: premium while the status
 * is one of PREMIUM_STATUSES, basic otherwise (no subscription, or one that ended).
 */

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

export const accountTypeOf = (row: Pick<SubscriptionRow, 'status'> | null): AccountType =>
  isPremiumStatus(row?.status) ? 'premium' : 'basic';

export interface InvoiceView {
  amountPaid: number;
  currency: string;
  status: string;
  createdAt: Date;
  hostedInvoiceUrl: string | null;
}

export interface SubscriptionView {
  plan: PaidPlanId;
  name: string;
  status: SubscriptionStatus;
  interval: BillingInterval;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  lastInvoice: InvoiceView | null;
}

/** The subscription in the contract's names (GraphQL's AccountSubscription, REST's). */
export function presentSubscription(row: SubscriptionRow): SubscriptionView {
  const plan = row.plan as PaidPlanId;
  const invoice = row.lastInvoice;
  return {
    plan,
    name: PLAN_NAMES[plan],
    status: row.status,
    interval: row.interval,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    lastInvoice: invoice
      ? {
          amountPaid: invoice.amountPaid,
          currency: invoice.currency,
          status: invoice.status,
          createdAt: new Date(invoice.created * 1000),
          hostedInvoiceUrl: invoice.hostedInvoiceUrl,
        }
      : null,
  };
}

/** The subscription rows of `userIds` (a page of people: one statement). */
export async function subscriptionRowsOf(db: DbOrTx, userIds: readonly string[]) {
  if (!userIds.length) return new Map<string, SubscriptionRow>();
  const rows = await db
    .select()
    .from(billingSubscriptions)
    .where(inArray(billingSubscriptions.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row]));
}

export async function subscriptionRowOf(db: DbOrTx, userId: string) {
  return (await subscriptionRowsOf(db, [userId])).get(userId) ?? null;
}

export async function customerOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.customerId ?? null;
}

export async function userOfCustomer(db: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.customerId, customerId));
  return row?.userId ?? null;
}

/** What a Stripe subscription says, in this server's terms. */
export interface StripeState {
  subscriptionId: string;
  customerId: string;
  plan: PaidPlanId;
  interval: BillingInterval;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

const isPaidPlan = (value: unknown): value is PaidPlanId =>
  (PAID_PLAN_IDS as readonly unknown[]).includes(value);
const isInterval = (value: unknown): value is BillingInterval =>
  (BILLING_INTERVALS as readonly unknown[]).includes(value);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * A Stripe subscription's state: the plan and interval from its price's lookup key (`pro_month`),
 * else from its metadata and the price's interval; the period end from its first item (where
 * Stripe keeps it since 2025). Null for a subscription that is none of our plans.
 */
export function stateOf(subscription: Stripe.Subscription): StripeState | null {
  const item = subscription.items.data[0];
  const [keyPlan, keyInterval] = (item?.price.lookup_key ?? '').split('_');
  const plan = isPaidPlan(keyPlan) ? keyPlan : subscription.metadata.plan;
  const interval = isInterval(keyInterval) ? keyInterval : item?.price.recurring?.interval;
  const customerId = idOf(subscription.customer);
  const status = subscription.status as string;
  if (!isPaidPlan(plan) || !isInterval(interval) || !customerId) return null;
  if (!(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) return null;
  return {
    subscriptionId: subscription.id,
    customerId,
    plan,
    interval,
    status: status as SubscriptionStatus,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** Serialises changes to one account's subscription across processes, until `tx` ends. */
const lockAccount = (tx: DbOrTx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${userId}`}))`);

/**
 * Applies a subscription state Stripe made at `at` (Unix seconds) to the account, unless the
 * state held is newer, or is another subscription still premium while this one is not (an old
 * subscription's end must not end a newer one). Records a change of account type with the
 * event that made it. Answers whether anything changed.
 */
export async function applyState(
  tx: DbOrTx,
  userId: string,
  state: StripeState,
  at: number,
  eventId: string | null,
): Promise<boolean> {
  await lockAccount(tx, userId);
  const held = await subscriptionRowOf(tx, userId);
  if (held && held.stripeStateAt > at) return false;
  if (
    held &&
    held.subscriptionId !== state.subscriptionId &&
    isPremiumStatus(held.status) &&
    !isPremiumStatus(state.status)
  )
    return false;
  const values = {
    subscriptionId: state.subscriptionId,
    plan: state.plan,
    interval: state.interval,
    status: state.status,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    stripeStateAt: at,
    updatedAt: new Date(),
    // Another subscription's invoice is not this one's.
    ...(held && held.subscriptionId !== state.subscriptionId && { lastInvoice: null }),
  };
  await tx
    .insert(billingSubscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingSubscriptions.userId, set: values });
  await recordTypeChange(tx, userId, accountTypeOf(held), accountTypeOf(state), eventId);
  return true;
}

/** Records a change of account type (nothing when the type stays). */
export async function recordTypeChange(
  tx: DbOrTx,
  userId: string,
  from: AccountType,
  to: AccountType,
  eventId: string | null,
) {
  if (from === to) return;
  await tx
    .insert(accountTypeChanges)
    .values({ id: randomUUID(), userId, fromType: from, toType: to, eventId });
}

/** Keeps an invoice as the subscription's last, unless the one held is newer. */
export async function applyInvoice(
  tx: DbOrTx,
  userId: string,
  subscriptionId: string,
  invoice: InvoiceSummary,
): Promise<boolean> {
  await lockAccount(tx, userId);
  const held = await subscriptionRowOf(tx, userId);
  if (!held || held.subscriptionId !== subscriptionId) return false;
  if (held.lastInvoice && held.lastInvoice.created > invoice.created) return false;
  await tx
    .update(billingSubscriptions)
    .set({ lastInvoice: invoice, updatedAt: new Date() })
    .where(eq(billingSubscriptions.userId, userId));
  return true;
}

/**
 * A subscription written here with no Stripe behind it (the demo's premium person): active until
 * `currentPeriodEnd`, under an id Stripe does not know (deleting the account cancels nothing).
 * Recorded as a change of account type with no event.
 */
export async function grantSubscriptionWithoutStripe(
  db: Db,
  userId: string,
  plan: PaidPlanId,
  interval: BillingInterval,
  currentPeriodEnd: Date,
) {
  const state: StripeState = {
    subscriptionId: `sub_demo_${userId}`,
    customerId: '',
    plan,
    interval,
    status: 'active',
    currentPeriodEnd,
    cancelAtPeriodEnd: false,
  };
  await db.transaction((tx) => applyState(tx, userId, state, Math.floor(Date.now() / 1000), null));
}
