import type { SubscriptionChangedData } from '@noek/contracts';
import type { AccessLevel, User } from '../../generated/prisma/client';

/** Subscription states in which the paid plan is in force. */
const PAID_STATES = new Set(['active']);

export type LevelChange = { accessLevel: AccessLevel; paidSupernoek: boolean } | null;

/**
 * The level a subscription change leads to (contracts: billing.subscription.changed.v1): an active
 * supernoek subscription raises basic to supernoek; anything else returns a user whose supernoek
 * came from payment to basic. Premium, admin and a granted supernoek are never touched. Null = no change.
 */
export function levelAfterSubscription(
  user: Pick<User, 'accessLevel' | 'paidSupernoek'>,
  data: SubscriptionChangedData,
): LevelChange {
  const paid = data.plan === 'supernoek' && PAID_STATES.has(data.status);
  if (paid && user.accessLevel === 'basic') return { accessLevel: 'supernoek', paidSupernoek: true };
  if (!paid && user.accessLevel === 'supernoek' && user.paidSupernoek)
    return { accessLevel: 'basic', paidSupernoek: false };
  return null;
}
