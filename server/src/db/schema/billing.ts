import { ACCOUNT_TYPES, BILLING_INTERVALS, PLAN_IDS, SUBSCRIPTION_STATUSES } from '@rules';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';
import { cascadeRef, createdAtColumn, updatedAtColumn } from './columns';

/**
 * Payments (issue 28). Stripe holds the cards and the money; these tables hold what this server
 * needs to know of it: whose each Stripe customer is, the state of each account's subscription as
 * the webhook last learned it, which Stripe events were applied, and every change of account type.
 * An account's type is derived from its subscription's status (isPremiumStatus), never stored.
 */

/** One Stripe customer per account, made by this server (never named by a client). */
export const billingCustomers = pgTable('billing_customers', {
  userId: cascadeRef('user_id', () => users.id).primaryKey(),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAtColumn(),
});

/** The last invoice of a subscription, as its page shows it. */
export interface InvoiceSummary {
  amountPaid: number;
  currency: string;
  status: string;
  /** Stripe's `created`, in seconds. */
  created: number;
  hostedInvoiceUrl: string | null;
}

/**
 * An account's subscription as the webhook last learned it; kept (status canceled) after it ends.
 * `stripeStateAt` is when Stripe made the state held (the event's `created`, or the moment it was
 * read from Stripe), so an older event arriving late never overwrites a newer state.
 */
export const billingSubscriptions = pgTable('billing_subscriptions', {
  userId: cascadeRef('user_id', () => users.id).primaryKey(),
  subscriptionId: text('subscription_id').notNull().unique(),
  plan: text('plan', { enum: PLAN_IDS }).notNull(),
  interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
  status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, precision: 3 }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  lastInvoice: jsonb('last_invoice').$type<InvoiceSummary>(),
  /** Stripe's time (Unix seconds) of the state held. */
  stripeStateAt: bigint('stripe_state_at', { mode: 'number' }).notNull(),
  updatedAt: updatedAtColumn(),
});

/** Stripe events applied (or stored and ignored): a replay of one changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAtColumn(),
});

/** Every change of an account's type: who, from, to, when, and the Stripe event that made it. */
export const accountTypeChanges = pgTable(
  'account_type_changes',
  {
    id: text('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    fromType: text('from_type', { enum: ACCOUNT_TYPES }).notNull(),
    toType: text('to_type', { enum: ACCOUNT_TYPES }).notNull(),
    /** The Stripe event id; null for a change made here (demo data). */
    eventId: text('event_id'),
    changedAt: createdAtColumn(),
  },
  (table) => [index('account_type_changes_user_idx').on(table.userId, table.changedAt)],
);
