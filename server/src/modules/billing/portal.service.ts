import {
  BILLING_MESSAGES,
  BILLING_PORTAL_DEFAULT_RETURN,
  RATE_LIMITS,
  returnUrlSchema,
} from '@rules';
import { recordAttempts } from '../../auth/rate-limit';
import type { Context } from '../../context';
import { AppError, parseInput } from '../../errors';
import { appUrl, requireBillingViewer } from './checkout.service';
import { callStripe, requireStripe } from './stripe-client';
import { customerOfUser } from './subscription-state.service';

/**
 * The link to Stripe's customer portal (change plan or card, cancel), for the viewer's own
 * customer only: the spec's `customerId` parameter is never read, so no one opens another's.
 */

const PORTAL_BUCKET = 'billingPortal';

/**
 * Where the portal sends the browser back: a path on this app, or a URL whose origin is the
 * app's; anything else (another site, `//evil.example`, `javascript:`) is refused with 422.
 */
export function portalReturnUrl(ctx: Context, given: unknown): string {
  if (given === undefined || given === null || given === '')
    return appUrl(ctx, BILLING_PORTAL_DEFAULT_RETURN);
  const text = parseInput(returnUrlSchema, given, 'returnUrl');
  const base = new URL(ctx.config.publicUrl);
  const isPath = text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\');
  const url = URL.canParse(text, base) ? new URL(text, base) : null;
  if (!url || (!isPath && !/^https?:\/\//iu.test(text)) || url.origin !== base.origin)
    throw new AppError('BAD_USER_INPUT', BILLING_MESSAGES.returnUrlInvalid, { field: 'returnUrl' });
  return url.href;
}

export async function openBillingPortal(
  ctx: Context,
  returnUrl: unknown,
): Promise<{ url: string }> {
  const viewer = requireBillingViewer(ctx);
  const back = portalReturnUrl(ctx, returnUrl);
  const stripe = requireStripe(ctx.config);
  const customerId = await customerOfUser(ctx.db, viewer.id);
  if (!customerId) throw new AppError('NOT_FOUND', BILLING_MESSAGES.noCustomer);
  await recordAttempts(ctx.db, PORTAL_BUCKET, [
    { key: viewer.id, limit: RATE_LIMITS.billingPortal },
  ]);
  const session = await callStripe(ctx.log, 'billingPortal.sessions.create', () =>
    stripe.billingPortal.sessions.create({ customer: customerId, return_url: back }),
  );
  return { url: session.url };
}
