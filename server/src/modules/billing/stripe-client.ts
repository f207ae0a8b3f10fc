import { BILLING_MESSAGES } from '@rules';
import Stripe from 'stripe';
import type { Config, StripeSettings } from '../../config';
import { AppError } from '../../errors';

/**
 * The one place a Stripe client is made: from the configuration, once per configuration (tests
 * run servers with different settings in one process). Null when STRIPE_SECRET_KEY is unset:
 * payments are off. STRIPE_API_BASE (config.ts) points it at another host, as tests do.
 */
const clients = new WeakMap<StripeSettings, Stripe>();

/** Stripe calls answer within this, or count as failed (the caller says "try again"). */
const STRIPE_TIMEOUT_MS = 10_000;

export function stripeOf(config: Pick<Config, 'stripe'>): Stripe | null {
  const settings = config.stripe;
  if (!settings) return null;
  let client = clients.get(settings);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: STRIPE_TIMEOUT_MS,
      telemetry: false,
      ...(settings.api && {
        host: settings.api.host,
        port: settings.api.port,
        protocol: settings.api.protocol,
      }),
    });
    clients.set(settings, client);
  }
  return client;
}

export const paymentsOff = () => new AppError('UNAVAILABLE', BILLING_MESSAGES.paymentsOff);

/** The Stripe client, or the one clear 503 every billing row answers while payments are off. */
export function requireStripe(config: Pick<Config, 'stripe'>): Stripe {
  const stripe = stripeOf(config);
  if (!stripe) throw paymentsOff();
  return stripe;
}

/**
 * Runs a call to Stripe; its failure (unreachable, 5xx, refused) becomes BAD_GATEWAY with a
 * message a person can act on, logged with Stripe's own words for the operator.
 */
export async function callStripe<T>(
  log: { warn: (details: object, message: string) => void },
  what: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.warn({ err: error, what }, 'stripe call failed');
    throw new AppError('BAD_GATEWAY', BILLING_MESSAGES.stripeFailed);
  }
}
