import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '@noek/service-kit';
import { billingEnvSchema } from '../../config';
import { callProvider, paymentIntentIdOf, paymentsFromConfig, requirePayments } from './payments';

const base = { DATABASE_URL: 'postgresql://localhost/x', KEYS_DIR: '/keys' };
const config = (env: Record<string, string>) => billingEnvSchema.parse({ ...base, ...env });

/** What callProvider turns a provider failure into: the status, code and message the client gets. */
async function answerTo(err: unknown) {
  const thrown = await callProvider(() => Promise.reject(err)).catch((e: unknown) => e);
  if (!isDomainError(thrown)) throw new Error(`not a domain error: ${String(thrown)}`);
  return { status: thrown.status, code: thrown.code, message: thrown.message };
}

describe('callProvider', () => {
  it("a refused card keeps the provider's message: 402 'Payment Failed' material", async () => {
    const declined = new Stripe.errors.StripeCardError({
      message: 'Your card has insufficient funds.',
      type: 'card_error',
    });
    expect(await answerTo(declined)).toEqual({
      status: 402,
      code: 'PAYMENT_FAILED',
      message: 'Your card has insufficient funds.',
    });
  });

  it('paying a payment that is no longer waiting is a 409, not an outage', async () => {
    const wrongState = new Stripe.errors.StripeInvalidRequestError({
      message: 'This PaymentIntent has already succeeded.',
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
    });
    expect(await answerTo(wrongState)).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it("an outage, a refusal of our request or a bug is the spec's 503, its cause kept for the log", async () => {
    const causes = [
      new Stripe.errors.StripeConnectionError({ message: 'ECONNREFUSED' }),
      new Stripe.errors.StripeAuthenticationError({ message: 'Invalid API Key provided' }),
      new Stripe.errors.StripeInvalidRequestError({ message: 'No such price', code: 'resource_missing' }),
      new TypeError('x is undefined'),
    ];
    for (const cause of causes) {
      expect(await answerTo(cause)).toEqual({
        status: 503,
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        message: 'Unable to connect to payment system. Please try again.',
      });
      const thrown = (await callProvider(() => Promise.reject(cause)).catch((e: unknown) => e)) as {
        cause?: unknown;
      };
      expect(thrown.cause).toBe(cause);
    }
  });

  it('a domain error of our own passes through unchanged, and a success answers as is', async () => {
    const ours = await callProvider(() => Promise.resolve(requirePayments(null))).catch((e: unknown) => e);
    expect(ours).toMatchObject({ status: 503, code: 'PAYMENTS_NOT_CONFIGURED' });
    expect(await callProvider(() => Promise.resolve(42))).toBe(42);
  });
});

describe('payments from the configuration', () => {
  it('none without a key or a webhook secret: subscribing says payments are not set up', () => {
    expect(paymentsFromConfig(config({}))).toBeNull();
    expect(() => requirePayments(null)).toThrow('Payments are not set up on this server yet');
  });

  it('Stripe: the publishable key goes to the browser; the simulator: no key, test mode', () => {
    const stripe = paymentsFromConfig(
      config({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        SUPERNOEK_PRICE_AMOUNT: '2500',
        SUPERNOEK_CURRENCY: 'eur',
      }),
    )!;
    expect(stripe).toMatchObject({
      mode: 'stripe',
      publishableKey: 'pk_test_abc',
      webhookSecret: 'whsec_x',
      priceAmount: 2500,
      currency: 'eur',
    });
    expect(stripe.simulator).toBeUndefined();
    const simulated = paymentsFromConfig(
      config({
        PAYMENT_SIMULATOR_URL: 'http://127.0.0.1:9/',
        PAYMENT_SIMULATOR_KEY: 'sk_test_sim',
        STRIPE_WEBHOOK_SECRET: 'whsec_y',
        // A Stripe key beside the simulator is not used: the simulator's key is.
        STRIPE_SECRET_KEY: 'sk_live_real',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_real',
      }),
    )!;
    expect(simulated).toMatchObject({
      mode: 'simulated',
      publishableKey: null,
      simulator: { url: 'http://127.0.0.1:9', key: 'sk_test_sim' },
    });
  });

  it('a configured price id is answered without asking the provider', async () => {
    const p = paymentsFromConfig(
      config({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PRICE_ID: 'price_configured',
        // Nothing listens here: any call to the provider would fail.
        STRIPE_API_URL: 'http://127.0.0.1:9',
      }),
    )!;
    expect(await p.priceId()).toBe('price_configured');
  });
});

describe('paymentIntentIdOf', () => {
  it("is the payment intent's id before '_secret_'", () => {
    expect(paymentIntentIdOf('pi_3Nabc_secret_xyz')).toBe('pi_3Nabc');
  });
});
