import type { SubscriptionChangedData } from '@noek/contracts';
import type { AccessLevel, User } from '../../generated/prisma/client';

/**
 * Subscription states in which the paid plan is in force. Past due keeps it while the provider retries
 * the card; canceled (and unpaid, incomplete) ends it.
 */
const PAID_STATES = new Set<SubscriptionChangedData['status']>(['active', 'past_due']);

/** What a user's level follows: the level as it stands and the causes auth holds for supernoek. */
export interface LevelCauses {
  accessLevel: AccessLevel;
  /** A paid subscription holds (billing.subscription.changed.v1). */
  paidSupernoek: boolean;
  /** An admin grant of SuperNoek holds (not yet expired). */
  grantHolds: boolean;
}

/**
 * THE level computation (skeleton.md, ownership): premium and admin are set by an admin and never moved
 * by these causes; otherwise supernoek while a paid subscription or a grant holds, else basic.
 */
export function levelFromCauses(c: LevelCauses): AccessLevel {
  if (c.accessLevel === 'premium' || c.accessLevel === 'admin') return c.accessLevel;
  return c.paidSupernoek || c.grantHolds ? 'supernoek' : 'basic';
}

export type LevelChange = { accessLevel: AccessLevel; paidSupernoek: boolean } | null;

/**
 * The level a subscription change leads to. `paidSupernoek` records whether a paid subscription holds,
 * whatever the level (an admin who pays keeps admin). `grantHolds` is the admin-grant cause; until
 * grants are stored on their own, a supernoek that did not come from payment counts as granted.
 * Null = nothing to write.
 */
export function levelAfterSubscription(
  user: Pick<User, 'accessLevel' | 'paidSupernoek'>,
  data: SubscriptionChangedData,
  grantHolds: boolean = user.accessLevel === 'supernoek' && !user.paidSupernoek,
): LevelChange {
  const paid = data.plan === 'supernoek' && PAID_STATES.has(data.status);
  const accessLevel = levelFromCauses({ accessLevel: user.accessLevel, paidSupernoek: paid, grantHolds });
  if (accessLevel === user.accessLevel && paid === user.paidSupernoek) return null;
  return { accessLevel, paidSupernoek: paid };
}
