import type { SubscriptionStatus } from '@noek/contracts';
import type { BillingContext } from '../../context';
import { setCancelAtPeriodEnd } from './renewal';

/** POST /api/subscription/reactivate: undoes a cancellation before the period ends. */
export function reactivateSubscription(ctx: BillingContext, userId: string): Promise<SubscriptionStatus> {
  return setCancelAtPeriodEnd(ctx, userId, false);
}
