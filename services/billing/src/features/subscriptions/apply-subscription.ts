import { randomUUID } from 'node:crypto';
import {
  createEnvelope,
  subscriptionChangedEvent,
  type EventEnvelope,
  type SubscriptionStatus,
} from '@noek/contracts';
import type { Logger, UnitScope } from '@noek/service-kit';
import type { BillingRepositories } from '../../context';
import { sellsSuperNoek, type SuperNoekPrice } from './supernoek-price';
import { sameStatus, statusOf, type SubscriptionSnapshot } from './subscription-state';

export interface Applied {
  userId: string;
  status: SubscriptionStatus;
  /** The user's status changed, and billing.subscription.changed.v1 was enqueued. */
  changed: boolean;
}

function changedEnvelope(
  userId: string,
  s: SubscriptionStatus,
  at: Date,
  correlationId: string,
  amountCents: number,
): EventEnvelope {
  return createEnvelope(
    subscriptionChangedEvent,
    {
      userId,
      plan: s.plan,
      status: s.status,
      currentPeriodEnd: s.currentPeriodEnd,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      changedAt: at.toISOString(),
      // The monthly price in the smallest unit (what the subscription sells: sellsSuperNoek checked it).
      amountCents,
    },
    correlationId,
    at,
  );
}

/**
 * The user a provider subscription belongs to: only the customer billing created for that user (its row in
 * `customers`). Metadata is not trusted: anyone able to create a subscription on the account can write it.
 */
async function ownerOf(
  scope: UnitScope<BillingRepositories>,
  s: SubscriptionSnapshot,
): Promise<string | null> {
  const customer = await scope.customers.findByStripeId(s.stripeCustomerId);
  return customer?.userId ?? null;
}

/** How a subscription is applied: what SuperNoek costs, the clock, where a refusal is logged. */
export interface ApplyOptions {
  price: SuperNoekPrice;
  now: () => Date;
  logger: Logger;
  correlationId?: string;
}

/**
 * Stores the provider's copy of a subscription (inside the caller's transaction) and, when the user's
 * plan status moved, enqueues billing.subscription.changed.v1. Null, nothing written and the reason
 * logged, when it is not a SuperNoek subscription of ours: its customer is not one billing created for a
 * user (another application's, or one made by hand), or it does not sell SuperNoek at its price.
 */
export async function applySubscription(
  scope: UnitScope<BillingRepositories>,
  snapshot: SubscriptionSnapshot,
  opts: ApplyOptions,
): Promise<Applied | null> {
  const { now, correlationId = randomUUID() } = opts;
  const userId = await ownerOf(scope, snapshot);
  const log = { subscription: snapshot.id, customer: snapshot.stripeCustomerId };
  if (!userId) {
    opts.logger.info(log, 'subscription of a customer billing did not create: ignored');
    return null;
  }
  if (!sellsSuperNoek(snapshot, opts.price)) {
    opts.logger.warn(
      { ...log, userId, items: snapshot.items },
      'subscription that does not sell SuperNoek at its price: ignored',
    );
    return null;
  }
  await scope.subscriptions.lockUser(userId);
  const before = statusOf(await scope.subscriptions.listForUser(userId));
  await scope.subscriptions.save(userId, snapshot);
  const after = statusOf(await scope.subscriptions.listForUser(userId));
  const changed = !sameStatus(before, after);
  // Stamped under the user's lock: auth orders deliveries by changedAt, which follows commit order.
  if (changed) await scope.publish(changedEnvelope(userId, after, now(), correlationId, opts.price.amount));
  return { userId, status: after, changed };
}
