import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  BILLING_INTERVALS,
  PAID_PLAN_IDS,
  PLAN_CURRENCY,
  PLANS,
  lookupKey,
  type BillingInterval,
  type PaidPlanId,
} from '@rules';

/**
 * A local Stripe for tests (127.0.0.1, a random port) speaking the parts of its REST API the app
 * and `npm run stripe:setup` use: form-encoded bodies (`a[b]=c`), the secret key as a Bearer token
 * (else Stripe's 401), Stripe-shaped objects and errors. Customers, products and prices (seeded
 * with every plan's price by lookup key unless `seedPrices` is false), Checkout Sessions whose
 * `url` is a page on the fake with a Pay button, subscriptions (retrieve, cancel), billing-portal
 * sessions and invoices. `requests` keeps every call with its parsed body.
 *
 * For the app's webhook: `event()` builds Stripe-shaped events, `send()` posts one signed with the
 * webhook secret (or a forged or stale signature), and `completeCheckout()` does what paying does:
 * makes the subscription and its first invoice here and sends the app `checkout.session.completed`,
 * `customer.subscription.created` and `invoice.paid`.
 */

export const FAKE_STRIPE_KEY = 'sk_test_fake_0123456789';
export const FAKE_WEBHOOK_SECRET = 'whsec_test_fake_0123456789';

type Json = Record<string, unknown>;

export interface StripeRequest {
  method: string;
  path: string;
  body: Json;
  query: URLSearchParams;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `a[b][0]=c` form fields as nested objects; objects whose keys are all indices become arrays. */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/gu, '').split('[');
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length && entries.every(([k]) => /^\d+$/u.test(k))
      ? entries.map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

export interface StripeFake {
  url: string;
  requests: StripeRequest[];
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  products: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** Where `completeCheckout` and `send` post events (the app's webhook). */
  webhookUrl: string;
  /** While true, every API call answers Stripe's 500 (Stripe down). */
  failing: boolean;
  /** A Stripe-shaped event around `object`, created at `created` (now by default). */
  event(type: string, object: Json, created?: number): Json;
  /** Posts an event to the webhook, signed with the secret unless told otherwise. */
  send(
    event: Json,
    options?: { secret?: string; timestamp?: number; signature?: string | null },
  ): Promise<{ status: number; body: Json }>;
  /** A subscription here for a customer and plan, as a checkout would make it. */
  createSubscription(
    customer: string,
    plan: PaidPlanId,
    interval: BillingInterval,
    userId?: string,
  ): Json;
  /** An invoice of a subscription (paid, or open after a failed payment). */
  createInvoice(subscription: Json, paid: boolean): Json;
  /** Pays a Checkout Session: its subscription and invoice made here, the three events sent. */
  completeCheckout(sessionId: string): Promise<Json>;
  close(): Promise<void>;
}

export async function startStripeFake(
  options: { seedPrices?: boolean; webhookUrl?: string } = {},
): Promise<StripeFake> {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const products = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  let base = '';

  const addPrice = (fields: Json) => {
    const price: Json = {
      id: newId('price'),
      object: 'price',
      active: true,
      currency: fields.currency ?? PLAN_CURRENCY,
      unit_amount: Number(fields.unit_amount),
      lookup_key: fields.lookup_key ?? null,
      product: fields.product ?? null,
      recurring: fields.recurring
        ? { interval: (fields.recurring as Json).interval, interval_count: 1 }
        : null,
      type: fields.recurring ? 'recurring' : 'one_time',
      metadata: fields.metadata ?? {},
    };
    prices.set(price.id as string, price);
    return price;
  };
  if (options.seedPrices !== false)
    for (const plan of PAID_PLAN_IDS)
      for (const interval of BILLING_INTERVALS)
        addPrice({
          unit_amount: PLANS[plan].prices?.[interval],
          lookup_key: lookupKey(plan, interval),
          recurring: { interval },
        });
  const priceByKey = (key: string) =>
    [...prices.values()].find((price) => price.lookup_key === key) ?? null;

  const list = (data: Json[], path: string) => ({
    object: 'list',
    data,
    has_more: false,
    url: path,
  });
  const stripeError = (res: ServerResponse, status: number, error: Json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', ...error } }));
  };
  const missing = (res: ServerResponse, what: string, id: string) =>
    stripeError(res, 404, {
      code: 'resource_missing',
      message: `No such ${what}: '${id}'`,
      param: 'id',
    });
  const send = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const fake: StripeFake = {
    url: '',
    requests,
    customers,
    prices,
    products,
    sessions,
    subscriptions,
    invoices,
    webhookUrl: options.webhookUrl ?? '',
    failing: false,
    event(type, object, created = nowSeconds()) {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created,
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      };
    },
    async send(event, sendOptions = {}) {
      const payload = JSON.stringify(event);
      const signature =
        sendOptions.signature !== undefined
          ? sendOptions.signature
          : Stripe.webhooks.generateTestHeaderString({
              payload,
              secret: sendOptions.secret ?? FAKE_WEBHOOK_SECRET,
              timestamp: sendOptions.timestamp ?? nowSeconds(),
            });
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(signature !== null && { 'stripe-signature': signature }),
        },
        body: payload,
      });
      return { status: response.status, body: (await response.json()) as Json };
    },
    createSubscription(customer, plan, interval, userId) {
      const price = priceByKey(lookupKey(plan, interval));
      if (!price) throw new Error(`no price ${lookupKey(plan, interval)} in the fake`);
      const start = nowSeconds();
      const end = start + (interval === 'year' ? 365 : 30) * 24 * 3600;
      const subscription: Json = {
        id: newId('sub'),
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        created: start,
        metadata: userId ? { userId, plan } : {},
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
      };
      subscriptions.set(subscription.id as string, subscription);
      return subscription;
    },
    createInvoice(subscription, paid) {
      const item = (subscription.items as { data: Json[] }).data[0]!;
      const price = item.price as Json;
      const id = newId('in');
      const invoice: Json = {
        id,
        object: 'invoice',
        customer: subscription.customer,
        amount_due: price.unit_amount,
        amount_paid: paid ? price.unit_amount : 0,
        currency: price.currency,
        status: paid ? 'paid' : 'open',
        created: nowSeconds(),
        hosted_invoice_url: `${base}/invoices/${id}`,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscription.id, metadata: {} },
        },
      };
      invoices.set(id, invoice);
      return invoice;
    },
    async completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const metadata = (session.metadata ?? {}) as Json;
      const [plan, interval] = String(session.lookup_key).split('_') as [
        PaidPlanId,
        BillingInterval,
      ];
      const subscription = fake.createSubscription(
        session.customer as string,
        plan,
        interval,
        metadata.userId as string | undefined,
      );
      session.subscription = subscription.id;
      session.status = 'complete';
      session.payment_status = 'paid';
      const invoice = fake.createInvoice(subscription, true);
      for (const event of [
        fake.event('checkout.session.completed', session),
        fake.event('customer.subscription.created', subscription),
        fake.event('invoice.paid', invoice),
      ]) {
        const answer = await fake.send(event);
        if (answer.status !== 200)
          throw new Error(`webhook answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
      return subscription;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  /** The Checkout page a browser test opens: Pay completes it and returns to the app. */
  async function checkoutPage(req: IncomingMessage, res: ServerResponse, id: string, pay: boolean) {
    const session = sessions.get(id);
    if (!session) return missing(res, 'checkout.session', id);
    if (pay) {
      await fake.completeCheckout(id);
      const back = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id);
      res.writeHead(303, { location: back });
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Fake Stripe Checkout</title><h1>Fake Stripe Checkout</h1>` +
        `<p>${String(session.lookup_key)}</p><form method="post" action="/checkout/${id}/pay">` +
        `<button type="submit">Pay</button></form><a href="${String(session.cancel_url)}">Cancel</a>`,
    );
  }

  async function api(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Json,
    query: URLSearchParams,
  ) {
    const parts = path.split('/').slice(2);
    // Namespaced resources (checkout/sessions, billing_portal/sessions) name two segments.
    if (parts[0] === 'checkout' || parts[0] === 'billing_portal')
      parts.splice(0, 2, `${parts[0]}/${parts[1]}`);
    const [collection, id, action] = parts;
    const method = req.method ?? 'GET';
    const route = `${method} ${collection}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (route) {
      case 'POST customers': {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
        };
        customers.set(customer.id, customer);
        return send(res, customer);
      }
      case 'GET customers/:id':
        return customers.has(id!) ? send(res, customers.get(id!)) : missing(res, 'customer', id!);
      case 'GET prices': {
        const keys = [...query.entries()]
          .filter(([key]) => key.startsWith('lookup_keys'))
          .map(([, value]) => value);
        const found = [...prices.values()].filter(
          (price) => !keys.length || keys.includes(price.lookup_key as string),
        );
        return send(res, list(found, '/v1/prices'));
      }
      case 'POST prices':
        return send(res, addPrice(body));
      case 'POST products': {
        const product = {
          id: newId('prod'),
          object: 'product',
          name: body.name,
          metadata: body.metadata ?? {},
          active: true,
        };
        products.set(product.id, product);
        return send(res, product);
      }
      case 'GET products':
        return send(res, list([...products.values()], '/v1/products'));
      case 'POST checkout/sessions': {
        const items = (body.line_items ?? []) as Json[];
        const price = prices.get(String(items[0]?.price));
        if (!price)
          return stripeError(res, 400, { message: 'No such price', param: 'line_items[0][price]' });
        if (!customers.has(String(body.customer)))
          return missing(res, 'customer', String(body.customer));
        const sessionId = newId('cs_test');
        const session: Json = {
          id: sessionId,
          object: 'checkout.session',
          mode: body.mode,
          customer: body.customer,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          subscription_data: body.subscription_data ?? null,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          price: price.id,
          lookup_key: price.lookup_key,
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          url: `${base}/checkout/${sessionId}`,
        };
        sessions.set(sessionId, session);
        return send(res, session);
      }
      case 'GET subscriptions/:id':
        return subscriptions.has(id!)
          ? send(res, subscriptions.get(id!))
          : missing(res, 'subscription', id!);
      case 'DELETE subscriptions/:id': {
        const subscription = subscriptions.get(id!);
        if (!subscription) return missing(res, 'subscription', id!);
        subscription.status = 'canceled';
        return send(res, subscription);
      }
      case 'POST billing_portal/sessions': {
        if (!customers.has(String(body.customer)))
          return missing(res, 'customer', String(body.customer));
        const portalId = newId('bps');
        return send(res, {
          id: portalId,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url ?? null,
          url: `${base}/portal/${portalId}`,
        });
      }
      case 'GET invoices/:id':
        return invoices.has(id!) ? send(res, invoices.get(id!)) : missing(res, 'invoice', id!);
      default:
        return stripeError(res, 404, { message: `Unrecognized request URL (${method}: ${path})` });
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const text = Buffer.concat(chunks).toString('utf8');
      const body = parseForm(req.method === 'GET' ? '' : text);
      const query = url.searchParams;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body, query });
      const page = /^\/checkout\/([\w-]+)(\/pay)?$/u.exec(url.pathname);
      const work = page
        ? checkoutPage(req, res, page[1]!, Boolean(page[2]) && req.method === 'POST')
        : url.pathname.startsWith('/v1/') && fake.failing
          ? stripeError(res, 500, { type: 'api_error', message: 'Stripe is down (fake)' })
          : url.pathname.startsWith('/v1/')
            ? req.headers.authorization === `Bearer ${FAKE_STRIPE_KEY}`
              ? api(req, res, url.pathname, body, query)
              : stripeError(res, 401, { message: 'Invalid API Key provided' })
            : stripeError(res, 404, { message: 'Not found' });
      Promise.resolve(work).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}

/** The app's environment for payments through the fake. */
export const stripeEnv = (fake: StripeFake): NodeJS.ProcessEnv => ({
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
});
