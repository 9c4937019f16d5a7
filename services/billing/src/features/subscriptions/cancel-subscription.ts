import type { SubscriptionStatus } from '@noek/contracts';
import type { BillingContext } from '../../context';
import { setCancelAtPeriodEnd } from './renewal';

/** POST /api/subscription/cancel: SuperNoek stays until the paid period ends ('Cancelling'). */
export function cancelSubscription(ctx: BillingContext, userId: string): Promise<SubscriptionStatus> {
  return setCancelAtPeriodEnd(ctx, userId, true);
}
