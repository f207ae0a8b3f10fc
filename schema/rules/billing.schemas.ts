/** The zod validators of checkout and the billing portal (limits and messages: billing.ts). */
import { z } from 'zod';
import { BILLING_MESSAGES, BILLING_RETURN_URL_MAX } from './billing';
import { BILLING_INTERVALS, PAID_PLAN_IDS } from './plans';

export const checkoutInputSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS, { error: BILLING_MESSAGES.planRequired }),
  interval: z.enum(BILLING_INTERVALS, { error: BILLING_MESSAGES.intervalRequired }),
});

/** A `returnUrl` as given; whether it is this app's is judged with the app's origin (portal). */
export const returnUrlSchema = z
  .string({ error: BILLING_MESSAGES.returnUrlInvalid })
  .max(BILLING_RETURN_URL_MAX, { message: BILLING_MESSAGES.returnUrlInvalid, abort: true })
  .trim()
  .min(1, BILLING_MESSAGES.returnUrlInvalid);
