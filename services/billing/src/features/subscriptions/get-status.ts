import type { SubscriptionStatus } from '@noek/contracts';
import type { BillingContext } from '../../context';
import { statusOf } from './subscription-state';

/** GET /api/subscription/status: the user's plan as billing last heard it from the provider. */
export async function getStatus(ctx: BillingContext, userId: string): Promise<SubscriptionStatus> {
  return statusOf(await ctx.subscriptions.listForUser(userId));
}
