import express, { type Router } from 'express';
import { REQUEST_MAX_BYTES } from '@rules';
import { bodyFields, contextOf, ok, queryParam } from '../../rest/shell';
import { mySubscription } from './account-fields.service';
import { startCheckout } from './checkout.service';
import { openBillingPortal } from './portal.service';
import { handleStripeWebhook } from './webhook.service';

/**
 * Payments over REST (001 §7 and issue 28), on the services GraphQL uses. The portal link's
 * `customerId` (the spec's) is not read: the customer is always the viewer's own.
 */
export function mountBillingRest(router: Router) {
  router.post('/subscriptions/checkout', async (req, res) => {
    const body = bodyFields(req);
    const { url } = await startCheckout(contextOf(res), {
      plan: body.plan,
      interval: body.interval,
    });
    ok(res, { url });
  });

  router.get('/subscriptions/portal', async (req, res) => {
    const { url } = await openBillingPortal(contextOf(res), queryParam(req, 'returnUrl'));
    ok(res, { url });
  });
}

/** One's own subscription: readable like the rest of one's record (`me`), with `read`. */
export function mountSubscriptionRest(router: Router) {
  router.get('/subscriptions', async (_req, res) => {
    ok(res, { subscription: await mySubscription(contextOf(res)) });
  });
}

/**
 * Stripe's webhook. Mounted before the router's JSON parser: the signature covers the body's
 * exact bytes, so it is read raw here. Stripe sends no cookie, so the CSRF guard lets it by.
 */
export function mountStripeWebhook(router: Router) {
  router.post(
    '/stripe/webhook',
    express.raw({ type: () => true, limit: REQUEST_MAX_BYTES }),
    async (req, res) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const { duplicate } = await handleStripeWebhook(
        contextOf(res),
        raw,
        req.headers['stripe-signature'],
      );
      ok(res, { received: true, duplicate });
    },
  );
}
