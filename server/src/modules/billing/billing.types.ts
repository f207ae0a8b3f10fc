import {
  ACCOUNT_TYPES,
  BILLING_INTERVALS,
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  type AccountType as AccountTypeValue,
  type BillingInterval as BillingIntervalValue,
  type PlanId as PlanIdValue,
  type SubscriptionStatus as SubscriptionStatusValue,
} from '@rules';
import { Field, Int, ObjectType } from 'type-graphql';
import { enumOf } from '../../graphql/enum';

export const AccountTypeEnum = enumOf(
  'AccountType',
  ACCOUNT_TYPES,
  'What an account may do (000 §6).',
  {
    basic: 'Every account: the free plan.',
    premium:
      'An account whose paid plan is active (or on trial, or being retried after a failed payment).',
  },
);

export const BillingIntervalEnum = enumOf(
  'BillingInterval',
  BILLING_INTERVALS,
  'How often a plan is billed.',
  { month: 'Every month.', year: 'Every year.' },
);

export const PlanIdEnum = enumOf('PlanId', PLAN_IDS, 'The plans (the pricing pages).', {
  public: 'The free plan every account has (public users).',
  pro: 'Problem-solving professionals: a personal paid plan.',
  org: 'Problem-solving organisations: a paid plan billed to an organisation account.',
  bumpStars: 'Bump Stars: a personal paid plan that also supports the project.',
});

export const SubscriptionStatusEnum = enumOf(
  'SubscriptionStatus',
  SUBSCRIPTION_STATUSES,
  "A subscription's status, as Stripe names it.",
  {
    incomplete: 'The first payment has not succeeded yet.',
    incomplete_expired: 'The first payment never succeeded; the subscription ended unpaid.',
    trialing: 'On trial: premium until the trial ends.',
    active: 'Paid: premium.',
    past_due: 'A renewal payment failed and Stripe is retrying it: still premium meanwhile.',
    canceled: 'Ended: the account is basic again.',
    unpaid: 'Renewal payments failed and Stripe stopped retrying: basic.',
    paused: 'Paused at Stripe: basic until it resumes.',
  },
);

@ObjectType({ description: "A plan's price for one interval, as Stripe holds it." })
export class PlanPrice {
  @Field(() => BillingIntervalEnum, { description: 'How often it is billed.' })
  interval!: BillingIntervalValue;
  @Field(() => Int, { description: "The amount in the currency's smallest unit (cents)." })
  unitAmount!: number;
  @Field(() => String, { description: 'The ISO 4217 currency, lower case (usd).' })
  currency!: string;
}

@ObjectType({ description: 'A plan: what it includes, who may hold it, and its prices.' })
export class Plan {
  @Field(() => PlanIdEnum, {
    description: "The plan's id (its name translates as billing:plans.<id>).",
  })
  id!: PlanIdValue;
  @Field(() => AccountTypeEnum, { description: 'The account type holding it gives.' })
  accountType!: AccountTypeValue;
  @Field(() => String, {
    description: "Who may hold it: 'person' or 'org' (an organisation account).",
  })
  holder!: string;
  @Field(() => [String], { description: 'What it includes, as keys of billing:features.<key>.' })
  features!: string[];
  @Field(() => [PlanPrice], {
    description: 'Its prices from Stripe; empty for the free plan, or when payments are off.',
  })
  prices!: PlanPrice[];
}

@ObjectType({
  description: 'Payments on this server: whether they are on, the plans, the donation link.',
})
export class Billing {
  @Field(() => Boolean, {
    description: 'Whether subscriptions can be bought here (Stripe configured).',
  })
  paymentsEnabled!: boolean;
  @Field(() => [Plan], { description: 'Every plan, the free one first.' })
  plans!: Plan[];
  @Field(() => String, {
    nullable: true,
    description: 'The external donation page; null when none.',
  })
  donationUrl!: string | null;
}

@ObjectType({ description: "A subscription's last invoice." })
export class Invoice {
  @Field(() => Int, { description: "What was paid, in the currency's smallest unit." })
  amountPaid!: number;
  @Field(() => String, { description: 'The ISO 4217 currency, lower case.' })
  currency!: string;
  @Field(() => String, {
    description: "Stripe's invoice status: paid, open, void, uncollectible, draft.",
  })
  status!: string;
  @Field(() => Date, { description: 'When Stripe made it.' })
  createdAt!: Date;
  @Field(() => String, {
    nullable: true,
    description: "Stripe's page of the invoice; null when none.",
  })
  hostedInvoiceUrl!: string | null;
}

@ObjectType({
  description: "The viewer's subscription, as Stripe's webhook last told this server.",
})
export class AccountSubscription {
  @Field(() => PlanIdEnum, { description: 'The plan subscribed to.' })
  plan!: PlanIdValue;
  @Field(() => String, {
    description: "The plan's name in English (the user menu translates the plan).",
  })
  name!: string;
  @Field(() => SubscriptionStatusEnum, {
    description: 'Its status; kept as canceled once it ends.',
  })
  status!: SubscriptionStatusValue;
  @Field(() => BillingIntervalEnum, { description: 'How often it is billed.' })
  interval!: BillingIntervalValue;
  @Field(() => Date, {
    nullable: true,
    description: 'When the period paid for ends: the renewal date, or the end when cancelled.',
  })
  currentPeriodEnd!: Date | null;
  @Field(() => Boolean, { description: 'Whether it ends at the period end instead of renewing.' })
  cancelAtPeriodEnd!: boolean;
  @Field(() => Invoice, { nullable: true, description: 'Its last invoice; null before the first.' })
  lastInvoice!: Invoice | null;
}

@ObjectType({ description: "Stripe Checkout's hosted page for a plan." })
export class CheckoutLink {
  @Field(() => String, { description: 'Open it in the browser; it returns to /stripe.' })
  url!: string;
}

@ObjectType({ description: "Stripe's customer portal for the viewer's subscription." })
export class BillingPortalLink {
  @Field(() => String, { description: 'Open it in the browser; it returns to the return URL.' })
  url!: string;
}
