import { errorCodes, type SubscriptionStatus } from '@noek/contracts';
import { ConflictError, NotFoundError } from '@noek/service-kit';
import type { BillingContext } from '../../context';
import { callProvider, requirePayments } from '../payments/payments';
import { applyProviderSubscription } from './sync-subscription';
import { currentSubscription, PLAN_STATES, stateOf, statusOf } from './subscription-state';

/**
 * Cancel (at the period's end) or reactivate the user's SuperNoek subscription. The provider's answer is
 * applied at once; its webhook later changes nothing more (same state).
 */
export async function setCancelAtPeriodEnd(
  ctx: BillingContext,
  userId: string,
  cancel: boolean,
): Promise<SubscriptionStatus> {
  const p = requirePayments(ctx.payments);
  const records = await ctx.subscriptions.listForUser(userId);
  const current = currentSubscription(records);
  const holdsPlan = current && PLAN_STATES.has(stateOf(current.status));
  if (!current || (!holdsPlan && cancel)) {
    throw new NotFoundError(
      cancel ? 'You have no active subscription to cancel.' : 'You have no subscription to reactivate.',
      errorCodes.noSubscription,
    );
  }
  const ended = !holdsPlan || (current.currentPeriodEnd !== null && current.currentPeriodEnd <= ctx.now());
  if (!cancel && ended) {
    throw new ConflictError(
      'Your subscription has already ended. Subscribe again to get SuperNoek back.',
      errorCodes.subscriptionEnded,
    );
  }
  if (current.cancelAtPeriodEnd === cancel) return statusOf(records);
  const readAt = ctx.now();
  const sub = await callProvider(() =>
    p.stripe.subscriptions.update(
      current.id,
      { cancel_at_period_end: cancel },
      { idempotencyKey: `noek-renewal-${current.id}-${cancel}-${readAt.getTime()}` },
    ),
  );
  const applied = await applyProviderSubscription(ctx, sub, readAt);
  return applied?.status ?? statusOf(await ctx.subscriptions.listForUser(userId));
}
