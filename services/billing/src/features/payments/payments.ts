import Stripe from 'stripe';
import { errorCodes, type PaymentMode } from '@noek/contracts';
import { ConflictError, DomainError, ServiceUnavailableError } from '@noek/service-kit';
import type { BillingConfig } from '../../config';

/** The lookup key of SuperNoek's monthly price when STRIPE_PRICE_ID is not configured. */
export const SUPERNOEK_LOOKUP_KEY = 'noek_supernoek_monthly';

/** Everything billing knows about its payment provider. */
export interface Payments {
  mode: PaymentMode;
  stripe: Stripe;
  publishableKey: string | null;
  webhookSecret: string;
  webhookToleranceSeconds: number;
  priceAmount: number;
  currency: string;
  /** Simulated mode only: the simulator's base URL and secret key (its test controls require the key). */
  simulator?: { url: string; key: string };
  /** SuperNoek's price id (configured, or found/created once by lookup key). */
  priceId(): Promise<string>;
}

function sdkAddress(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const u = new URL(url);
  const protocol = u.protocol === 'https:' ? 'https' : 'http';
  return { host: u.hostname, port: Number(u.port || (protocol === 'https' ? 443 : 80)), protocol };
}

/** Null when no provider is configured: status still answers, subscribing says payments are unavailable. */
export function paymentsFromConfig(
  config: BillingConfig,
  overrides: { stripe?: Stripe } = {},
): Payments | null {
  const simulated = config.PAYMENT_SIMULATOR_URL !== undefined;
  const key = simulated ? config.PAYMENT_SIMULATOR_KEY : config.STRIPE_SECRET_KEY;
  if (!key || !config.STRIPE_WEBHOOK_SECRET) return null;
  const apiUrl = config.PAYMENT_SIMULATOR_URL ?? config.STRIPE_API_URL;
  const stripe =
    overrides.stripe ??
    new Stripe(key, {
      ...(apiUrl ? sdkAddress(apiUrl) : {}),
      timeout: config.STRIPE_TIMEOUT_MS,
      maxNetworkRetries: 2,
      appInfo: { name: 'Noek billing' },
    });
  let price: Promise<string> | undefined;
  const payments: Payments = {
    mode: simulated ? 'simulated' : 'stripe',
    stripe,
    publishableKey: simulated ? null : (config.STRIPE_PUBLISHABLE_KEY ?? null),
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    webhookToleranceSeconds: config.WEBHOOK_TOLERANCE_SECONDS,
    priceAmount: config.SUPERNOEK_PRICE_AMOUNT,
    currency: config.SUPERNOEK_CURRENCY,
    ...(simulated ? { simulator: { url: config.PAYMENT_SIMULATOR_URL!, key } } : {}),
    priceId() {
      if (config.STRIPE_PRICE_ID) return Promise.resolve(config.STRIPE_PRICE_ID);
      price ??= ensurePrice(payments).catch((err: unknown) => {
        price = undefined;
        throw err;
      });
      return price;
    },
  };
  return payments;
}

/** Finds SuperNoek's price by lookup key, or creates the product and price once. */
async function ensurePrice(p: Payments): Promise<string> {
  const found = await p.stripe.prices.list({ lookup_keys: [SUPERNOEK_LOOKUP_KEY], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const product = await p.stripe.products.create(
    { name: 'SuperNoek' },
    { idempotencyKey: `noek-product-${SUPERNOEK_LOOKUP_KEY}` },
  );
  const price = await p.stripe.prices.create(
    {
      product: product.id,
      unit_amount: p.priceAmount,
      currency: p.currency,
      recurring: { interval: 'month' },
      lookup_key: SUPERNOEK_LOOKUP_KEY,
    },
    { idempotencyKey: `noek-price-${SUPERNOEK_LOOKUP_KEY}-${p.priceAmount}-${p.currency}` },
  );
  return price.id;
}

export function requirePayments(p: Payments | null): Payments {
  if (!p) {
    throw new ServiceUnavailableError(
      'Payments are not set up on this server yet. Please contact support.',
      errorCodes.paymentsNotConfigured,
    );
  }
  return p;
}

/** A card the provider refused: the provider's own message, shown as 'Payment Failed' (spec §8). */
export class PaymentFailedError extends DomainError {
  constructor(message: string) {
    super(errorCodes.paymentFailed, 402, message);
  }
}

/** 409: the payment behind the client secret is already paid, failed or waiting for something else. */
export class PaymentNotWaitingError extends ConflictError {
  constructor(message = 'This payment is not waiting for this step any more.') {
    super(message);
  }
}

/**
 * Calls the provider, turning its failures into typed errors: a card error keeps the provider's message;
 * a payment in the wrong state for the step is a 409; an outage or a refusal of ours is a 503 the client may retry (details only in the log, via `cause`).
 */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) throw new PaymentFailedError(err.message);
    // Paying (again) a payment that is no longer waiting for a card is the client's doing, not an outage.
    if (
      err instanceof Stripe.errors.StripeInvalidRequestError &&
      err.code === 'payment_intent_unexpected_state'
    )
      throw new PaymentNotWaitingError();
    if (err instanceof DomainError) throw err;
    const unavailable = new ServiceUnavailableError(
      'Unable to connect to payment system. Please try again.',
      errorCodes.paymentProviderUnavailable,
    );
    (unavailable as { cause?: unknown }).cause = err;
    throw unavailable;
  }
}

/** `pi_123_secret_abc` → `pi_123`. */
export function paymentIntentIdOf(clientSecret: string): string {
  return clientSecret.slice(0, clientSecret.indexOf('_secret_'));
}
