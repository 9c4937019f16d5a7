import { randomUUID } from 'node:crypto';
import {
  subscriptionChangedEvent,
  userIdSchema,
  type EventEnvelope,
  type SubscriptionStatus,
} from '@noek/contracts';
import type { UnitScope } from '@noek/service-kit';
import type { BillingRepositories } from '../../context';
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
): EventEnvelope {
  return {
    id: randomUUID(),
    type: subscriptionChangedEvent.subject,
    time: at.toISOString(),
    correlationId,
    data: {
      userId,
      plan: s.plan,
      status: s.status,
      currentPeriodEnd: s.currentPeriodEnd,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      changedAt: at.toISOString(),
    },
  };
}

/** The user a provider subscription belongs to: our customer row, else the metadata written at creation. */
async function ownerOf(
  scope: UnitScope<BillingRepositories>,
  s: SubscriptionSnapshot,
): Promise<string | null> {
  const customer = await scope.customers.findByStripeId(s.stripeCustomerId);
  if (customer) return customer.userId;
  const fromMetadata = userIdSchema.safeParse(s.metadataUserId);
  if (!fromMetadata.success) return null;
  await scope.customers.add(fromMetadata.data, s.stripeCustomerId);
  return fromMetadata.data;
}

/**
 * Stores the provider's copy of a subscription (inside the caller's transaction) and, when the user's
 * plan status moved, enqueues billing.subscription.changed.v1. Null when the subscription belongs to no
 * user we know (an event for another application's customer): nothing is written.
 */
export async function applySubscription(
  scope: UnitScope<BillingRepositories>,
  snapshot: SubscriptionSnapshot,
  now: () => Date,
  correlationId: string = randomUUID(),
): Promise<Applied | null> {
  const userId = await ownerOf(scope, snapshot);
  if (!userId) return null;
  await scope.subscriptions.lockUser(userId);
  const before = statusOf(await scope.subscriptions.listForUser(userId));
  await scope.subscriptions.save(userId, snapshot);
  const after = statusOf(await scope.subscriptions.listForUser(userId));
  const changed = !sameStatus(before, after);
  // Stamped under the user's lock: auth orders deliveries by changedAt, which follows commit order.
  if (changed) await scope.publish(changedEnvelope(userId, after, now(), correlationId));
  return { userId, status: after, changed };
}
