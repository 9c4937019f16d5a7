import { z } from 'zod';
import { storableText } from '../common/text.schema';
import {
  subscriptionCreationResponseSchema,
  subscriptionStatusSchema,
  type SubscriptionCreationResponse,
  type SubscriptionStatus,
} from '../entities/subscription.schema';

/**
 * Subscription calls (spec §7) take no body. GET /api/subscription/status, POST
 * /api/subscription/cancel and POST /api/subscription/reactivate all answer the status;
 * POST /api/payment/subscribe answers the creation response.
 */
export const subscriptionStatusResponseSchema = subscriptionStatusSchema;
export type SubscriptionStatusResponse = SubscriptionStatus;
export const cancelSubscriptionResponseSchema = subscriptionStatusSchema;
export const reactivateSubscriptionResponseSchema = subscriptionStatusSchema;
export const subscribeResponseSchema = subscriptionCreationResponseSchema;
export type SubscribeResponse = SubscriptionCreationResponse;

/**
 * GET /api/payment/config: how the payment form works on this server. `simulated` = the local payment
 * simulator (no real money; the UI labels its card form as test mode); `stripe` = Stripe's Payment Element
 * with `publishableKey`.
 */
export const paymentModeSchema = z.enum(['simulated', 'stripe']);
export type PaymentMode = z.infer<typeof paymentModeSchema>;
export const paymentConfigSchema = z.object({
  mode: paymentModeSchema,
  publishableKey: z.string().nullable(),
  /** SuperNoek's price in the currency's smallest unit (3000 = 30 dollars, spec §9). */
  priceAmount: z.number().int().min(0),
  currency: z.string().length(3),
  interval: z.enum(['month', 'year']),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** The client secret POST /api/payment/subscribe answered: `pi_..._secret_...`. */
export const clientSecretSchema = storableText()
  .max(255)
  .regex(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/, 'must be a payment client secret');

/** POST /api/payment/test-card (simulated mode only): a test card number, never a real one. */
export const testCardPayRequestSchema = z.object({
  clientSecret: clientSecretSchema,
  cardNumber: storableText()
    .max(64)
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number (12 to 19 digits).')),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: storableText().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code.'),
});
export type TestCardPayRequest = z.input<typeof testCardPayRequestSchema>;

/** `requires_action`: the card asks for the (simulated) authentication step before the payment completes. */
export const testCardPayResponseSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'processing']),
});
export type TestCardPayResponse = z.infer<typeof testCardPayResponseSchema>;

/** POST /api/payment/test-card/authenticate: the customer completes (true) or fails (false) the step. */
export const testCardAuthenticateRequestSchema = z.object({
  clientSecret: clientSecretSchema,
  succeed: z.boolean(),
});
export type TestCardAuthenticateRequest = z.infer<typeof testCardAuthenticateRequestSchema>;

/** POST /api/payment/webhook answer (to the provider): `duplicate` and `ignored` are acknowledged no-ops. */
export const webhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
});
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;
