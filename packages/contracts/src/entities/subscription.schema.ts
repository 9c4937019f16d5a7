import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids.schema';
import { planSchema } from './access-level.schema';

/**
 * Lifecycle state of the paid plan. `none` = never subscribed; the others mirror the payment
 * provider's subscription states that matter to the UI.
 */
export const subscriptionStateSchema = z.enum([
  'none',
  'incomplete',
  'active',
  'past_due',
  'canceled',
  'unpaid',
]);
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** GET /api/subscription/status (spec §3/§7); `status` is our addition for the account screen. */
export const subscriptionStatusSchema = z.object({
  isActive: z.boolean(),
  plan: planSchema,
  currentPeriodEnd: isoDateTimeSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  status: subscriptionStateSchema,
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** POST /api/payment/subscribe answer (spec §3): the client secret for the card form. */
export const subscriptionCreationResponseSchema = z.object({
  clientSecret: z.string().min(1),
  message: z.string().optional(),
  /** True when no live payment key is configured: the UI labels the form as test mode. */
  testMode: z.boolean().optional(),
});
export type SubscriptionCreationResponse = z.infer<typeof subscriptionCreationResponseSchema>;
