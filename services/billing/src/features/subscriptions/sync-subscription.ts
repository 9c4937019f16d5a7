import type Stripe from 'stripe';
import type { BillingContext } from '../../context';
import { callProvider } from '../payments/payments';
import { applySubscription, type Applied } from './apply-subscription';
import { snapshotOf } from './subscription-state';

/** Applies a subscription object the provider just answered with (after create, cancel, reactivate). */
export function applyProviderSubscription(ctx: BillingContext, sub: Stripe.Subscription, readAt: Date) {
  return ctx.transaction((scope) => applySubscription(scope, snapshotOf(sub, readAt), ctx.now));
}

/** Re-reads one subscription from the provider and applies it: the provider's copy decides, not our guess. */
export async function syncSubscription(
  ctx: BillingContext,
  stripe: Stripe,
  id: string,
): Promise<Applied | null> {
  const readAt = ctx.now();
  const sub = await callProvider(() => stripe.subscriptions.retrieve(id));
  return applyProviderSubscription(ctx, sub, readAt);
}
