/**
 * The plans (000 §1 pricing, §6 account types), shared by server and client: one definition the
 * pricing and benefits pages, checkout, the webhook and the premium allowances all read. Names
 * and what each includes translate under `billing:plans.<id>`; prices shown come from Stripe's
 * Prices found by `lookupKey(plan, interval)`, and `prices` here are what `npm run stripe:setup`
 * creates there (in cents of `PLAN_CURRENCY`), so a new server starts from the same figures.
 */

/** The account types (000 §3 `accountType`): premium while a paid plan is active. */
export const ACCOUNT_TYPES = ['basic', 'premium'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The spec's pricing routes name these: publicUsers, problemSolvingPros, problemSolvingOrgs, bumpStars. */
export const PLAN_IDS = ['public', 'pro', 'org', 'bumpStars'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** The plans one pays for (public is every account's, free). */
export const PAID_PLAN_IDS = ['pro', 'org', 'bumpStars'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** Who may subscribe to a plan: a person's own account, or an organisation account (role org). */
export type PlanHolder = 'person' | 'org';

/** What a plan includes, as keys of `billing:features.<key>`, in the order the pages list them. */
export const PLAN_FEATURES = [
  'postAndSolve',
  'privateSpaces',
  'maps',
  'chat',
  'aiOwnKey',
  'aiAllowance',
  'uploadAllowance',
  'planNameShown',
  'orgBilling',
  'supportsProject',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export type PlanDefinition = {
  id: PlanId;
  /** The account type holding this plan gives. */
  accountType: AccountType;
  holder: PlanHolder;
  features: readonly PlanFeature[];
  /** Cents of PLAN_CURRENCY per interval; null for the free plan. */
  prices: Readonly<Record<BillingInterval, number>> | null;
};

export const PLAN_CURRENCY = 'usd';

const BASIC_FEATURES = ['postAndSolve', 'privateSpaces', 'maps', 'chat', 'aiOwnKey'] as const;
const PREMIUM_FEATURES = [
  ...BASIC_FEATURES,
  'aiAllowance',
  'uploadAllowance',
  'planNameShown',
] as const;

export const PLANS: Readonly<Record<PlanId, PlanDefinition>> = {
  public: {
    id: 'public',
    accountType: 'basic',
    holder: 'person',
    features: BASIC_FEATURES,
    prices: null,
  },
  pro: {
    id: 'pro',
    accountType: 'premium',
    holder: 'person',
    features: PREMIUM_FEATURES,
    prices: { month: 800, year: 8000 },
  },
  org: {
    id: 'org',
    accountType: 'premium',
    holder: 'org',
    features: [...PREMIUM_FEATURES, 'orgBilling'],
    prices: { month: 4000, year: 40000 },
  },
  bumpStars: {
    id: 'bumpStars',
    accountType: 'premium',
    holder: 'person',
    features: [...PREMIUM_FEATURES, 'supportsProject'],
    prices: { month: 1500, year: 15000 },
  },
};

/** The Stripe Price lookup key of a plan and interval: `pro_month`, `bumpStars_year`. */
export const lookupKey = (plan: PaidPlanId, interval: BillingInterval) => `${plan}_${interval}`;

/**
 * What premium unlocks, enforced by the server in one place (`billing/allowances.ts`): a larger
 * monthly AI allowance (a multiple of the server's AI_MONTHLY_TOKEN_CAP) and a larger daily upload
 * total. Everything else works the same for every account; content stays when premium ends.
 */
export const PREMIUM_AI_CAP_FACTOR = 5;
export const PREMIUM_UPLOAD_FACTOR = 5;
