import { parseEventEnvelope, subscriptionChangedEvent, type EventEnvelope } from '@noek/contracts';
import { consumeOnce, enqueueEvent, type EventBus, type Subscription } from '@noek/service-kit';
import type { PrismaClient } from '../../generated/prisma/client';
import { authEvents } from '../../events/auth-event-envelopes';
import { userRepository } from '../users/user.repository';
import { levelAfterSubscription } from './subscription-level';

export const SUBSCRIPTIONS_DURABLE = 'auth-billing-subscriptions';

/**
 * Applies one billing.subscription.changed.v1 exactly once. Deliveries older than the last applied
 * change are ignored (changedAt). Access tokens are not revoked: a level change between basic and
 * supernoek only moves message limits, which chat enforces from its own copy of the level (kept
 * current by the auth.user.updated.v1 recorded here); the next token carries the new level.
 */
export async function handleSubscriptionChanged(
  db: PrismaClient,
  envelope: EventEnvelope,
  consumer = SUBSCRIPTIONS_DURABLE,
): Promise<void> {
  if (envelope.type !== subscriptionChangedEvent.subject) return;
  const { data } = parseEventEnvelope(envelope, subscriptionChangedEvent.subject);
  const changedAt = new Date(data.changedAt);
  await consumeOnce(db, consumer, envelope, async (tx) => {
    const user = await userRepository.findById(tx, data.userId);
    if (!user || (user.billingChangedAt && user.billingChangedAt >= changedAt)) return;
    const change = levelAfterSubscription(user, data);
    const updated = await userRepository.updateUser(
      tx,
      user.id,
      { billingChangedAt: changedAt, ...(change ?? {}) },
      { revoke: false, now: new Date() },
    );
    if (change && change.accessLevel !== user.accessLevel)
      await enqueueEvent(tx, authEvents.updated(updated, envelope.correlationId));
  });
}

export function subscribeSubscriptionChanges(
  bus: EventBus,
  db: PrismaClient,
  durable = SUBSCRIPTIONS_DURABLE,
): Promise<Subscription> {
  return bus.subscribe({
    durable,
    subjects: [subscriptionChangedEvent.subject],
    handler: (envelope) => handleSubscriptionChanged(db, envelope, durable),
  });
}
