import { notifications } from '@mantine/notifications';
import {
  PAGE_MESSAGE_NAMESPACES,
  PREMIUM_AI_CAP_FACTOR,
  PREMIUM_UPLOAD_FACTOR,
  TOAST_MS,
  type BillingInterval,
  type PlanFeature,
  type PlanId,
} from '@rules';
import type { TFunction } from 'i18next';
import { serverErrorOf } from '../../components/notify';
import type { BillingQuery } from '../../gql/graphql';

export { formatMoney } from './money';

/**
 * What the pricing and benefits pages say of a plan, from the one plan definition (@rules
 * plans.ts) and the prices the `billing` query brings from Stripe.
 */

/** The spec's pricing routes (000 §2), one per plan: /pricing/problemSolvingPros is the pro plan. */
export const PLAN_PAGES = {
  publicUsers: 'public',
  problemSolvingPros: 'pro',
  problemSolvingOrgs: 'org',
  bumpStars: 'bumpStars',
} as const satisfies Record<string, PlanId>;
export type PlanPage = keyof typeof PLAN_PAGES;

export const planPageOf = (plan: PlanId): PlanPage =>
  (Object.keys(PLAN_PAGES) as PlanPage[]).find((page) => PLAN_PAGES[page] === plan)!;

/** The spec's /benefits pages for each audience (000 §2), and the plan each one leads to. */
export const AUDIENCES = {
  public: 'public',
  professionals: 'pro',
  organisations: 'org',
  bumpstars: 'bumpStars',
} as const satisfies Record<string, PlanId>;
export type Audience = keyof typeof AUDIENCES;

export const AUDIENCE_OF_PLAN = Object.fromEntries(
  Object.entries(AUDIENCES).map(([audience, plan]) => [plan, audience]),
) as Record<PlanId, Audience>;

export type Billing = BillingQuery['billing'];
export type PlanPrice = Billing['plans'][number]['prices'][number];

/** A plan's name in the reader's language. */
export const planName = (t: TFunction, plan: PlanId) => t(`billing:plans.${plan}.name`);

/** A feature's line; the premium allowances name their factor. */
export const featureText = (t: TFunction, feature: PlanFeature) =>
  t(`billing:features.${feature}`, {
    aiFactor: PREMIUM_AI_CAP_FACTOR,
    uploadFactor: PREMIUM_UPLOAD_FACTOR,
  });

/** The plan's price for an interval, from Stripe (none when payments are off or it has none). */
export const priceOf = (billing: Billing | undefined, plan: PlanId, interval: BillingInterval) =>
  billing?.plans.find((entry) => entry.id === plan)?.prices.find((p) => p.interval === interval);

const BILLING_MESSAGES: Readonly<Record<string, string>> = PAGE_MESSAGE_NAMESPACES.billing ?? {};

/**
 * notifyError with the server's billing messages translated (`billing:errors.<key>`): they are
 * page messages, carried by these pages rather than by the first visit.
 */
export function notifyBillingError(error: unknown, t: TFunction) {
  const info = serverErrorOf(error, t);
  const key = Object.keys(BILLING_MESSAGES).find((k) => BILLING_MESSAGES[k] === info.rawMessage);
  const message = key ? t(`billing:errors.${key}`) : info.message;
  notifications.show({ color: 'red', message, autoClose: TOAST_MS, withCloseButton: true });
}
