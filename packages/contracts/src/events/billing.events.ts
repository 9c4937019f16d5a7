import { z } from 'zod';
import { isoDateTimeSchema, userIdSchema } from '../common/ids.schema';
import { planSchema } from '../entities/access-level.schema';
import { subscriptionStateSchema } from '../entities/subscription.schema';
import { defineEvent } from './envelope.schema';

/**
 * A user's subscription changed (paid, cancelled, reactivated, lapsed). Auth moves the user's access
 * level from it: `plan: 'supernoek'` with an active state raises basic to supernoek, anything else
 * returns a supernoek-by-payment user to basic. `changedAt` orders out-of-order deliveries.
 */
export const subscriptionChangedEvent = defineEvent(
  'billing.subscription.changed.v1',
  z.object({
    userId: userIdSchema,
    plan: planSchema,
    status: subscriptionStateSchema,
    currentPeriodEnd: isoDateTimeSchema.nullable(),
    cancelAtPeriodEnd: z.boolean(),
    changedAt: isoDateTimeSchema,
    /** Added later (optional for older payloads): the monthly price in cents, for MRR in the overview. */
    amountCents: z.number().int().min(0).optional(),
  }),
);
export type SubscriptionChangedData = z.infer<typeof subscriptionChangedEvent.data>;
