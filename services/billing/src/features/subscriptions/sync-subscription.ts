import type Stripe from 'stripe';
import type { BillingContext } from '../../context';
import { callProvider, requirePayments, type Payments } from '../payments/payments';
import { applySubscription, type Applied, type ApplyOptions } from './apply-subscription';
import { superNoekPriceOf } from './supernoek-price';
import { snapshotOf } from './subscription-state';

/** Applies a subscription object the provider just answered with (after create, cancel, reactivate). */
export function applyProviderSubscription(ctx: BillingContext, sub: Stripe.Subscription, readAt: Date) {
  const opts = applyOptions(ctx, requirePayments(ctx.payments));
  return ctx.transaction((scope) => applySubscription(scope, snapshotOf(sub, readAt), opts));
}

/** What applying a subscription checks it against (the configured SuperNoek price). */
export function applyOptions(ctx: BillingContext, p: Payments, correlationId?: string): ApplyOptions {
  return { price: superNoekPriceOf(p), now: ctx.now, logger: ctx.logger, correlationId };
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
