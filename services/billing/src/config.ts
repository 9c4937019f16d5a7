import { z } from 'zod';
import { authPublicKeyEnv, commonServiceEnv, loadConfig, portEnv } from '@noek/service-kit';

const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

/**
 * The billing service's environment. Payments come from one of three places: Stripe (STRIPE_SECRET_KEY,
 * STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET), the local payment simulator (PAYMENT_SIMULATOR_URL and
 * STRIPE_WEBHOOK_SECRET; what `npm start` runs when no key is set), or nowhere (subscribing answers 503).
 */
export const billingEnvSchema = z.object({
  ...commonServiceEnv,
  PORT: portEnv(4003),
  ...authPublicKeyEnv,
  /** auth, asked about sessions while the revocation feed (NATS) is stale. */
  AUTH_URL: httpUrl.default('http://127.0.0.1:4001'),
  /** sk_live_... or sk_test_... (or a restricted rk_ key): Stripe's secret key. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** pk_live_... or pk_test_...: sent to the browser for Stripe's Payment Element (without it, no card form). */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\S+$/, 'must be a Stripe publishable key')
    .optional(),
  /** whsec_...: the signing secret of the webhook endpoint pointing at /api/payment/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The SuperNoek price (price_...); unset: found or created by lookup key `noek_supernoek_monthly`. */
  STRIPE_PRICE_ID: z.string().startsWith('price_').optional(),
  /** A Stripe-compatible API other than api.stripe.com (e.g. stripe-mock); host, port and protocol of the SDK. */
  STRIPE_API_URL: httpUrl.optional(),
  /** The local payment simulator (packages/payment-simulator): payments are simulated, the UI says so. */
  PAYMENT_SIMULATOR_URL: httpUrl.optional(),
  /** The simulator's secret key (sk_test_…, random per start): it answers nothing without it. */
  PAYMENT_SIMULATOR_KEY: z
    .string()
    .regex(/^sk_test_\S+$/, 'must be the simulator secret key (sk_test_…)')
    .optional(),
  /** SuperNoek's price when billing creates it: 3000 cents = 30 dollars a month (spec §9). */
  SUPERNOEK_PRICE_AMOUNT: z.coerce.number().int().min(0).default(3000),
  SUPERNOEK_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/)
    .default('usd'),
  /** Webhook events signed longer ago than this are refused (replay protection; Stripe's default 300 s). */
  WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** How often subscriptions past their period end are re-read from the provider (a lost webhook). */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Per call to the payment provider. */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
});
export type BillingConfig = z.output<typeof billingEnvSchema>;

const billingEnvChecked = billingEnvSchema
  .refine((c) => c.AUTH_PUBLIC_KEY !== undefined || c.KEYS_DIR !== undefined, {
    path: ['AUTH_PUBLIC_KEY'],
    message: 'is required (or KEYS_DIR with auth-public.pem)',
  })
  .refine((c) => !(c.STRIPE_SECRET_KEY || c.PAYMENT_SIMULATOR_URL) || c.STRIPE_WEBHOOK_SECRET !== undefined, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'is required when payments are configured',
  })
  .refine((c) => !c.PAYMENT_SIMULATOR_URL || c.PAYMENT_SIMULATOR_KEY !== undefined, {
    path: ['PAYMENT_SIMULATOR_KEY'],
    message: 'is required with PAYMENT_SIMULATOR_URL (the simulator prints it; the start scripts pass it)',
  });

export function loadBillingConfig(env: Record<string, string | undefined> = process.env): BillingConfig {
  return loadConfig(billingEnvChecked, env);
}
