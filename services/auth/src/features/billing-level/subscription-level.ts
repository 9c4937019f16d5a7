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

type GrantFields = Pick<User, 'supernoekGrantedAt' | 'supernoekGrantExpiresAt'>;

/** An admin grant of SuperNoek holds: granted, and permanent or not yet expired. */
export function grantHolds(user: Partial<GrantFields>, now = new Date()): boolean {
  if (!user.supernoekGrantedAt) return false;
  return !user.supernoekGrantExpiresAt || user.supernoekGrantExpiresAt.getTime() > now.getTime();
}

/**
 * The level a subscription change leads to. `paidSupernoek` records whether a paid subscription holds,
 * whatever the level (an admin who pays keeps admin). `granted` is the admin-grant cause (auth's
 * grant fields, users/grant-supernoek.ts). Null = nothing to write.
 */
export function levelAfterSubscription(
  user: Pick<User, 'accessLevel' | 'paidSupernoek'> & Partial<GrantFields>,
  data: SubscriptionChangedData,
  granted: boolean = grantHolds(user),
): LevelChange {
  const paid = data.plan === 'supernoek' && PAID_STATES.has(data.status);
  const accessLevel = levelFromCauses({
    accessLevel: user.accessLevel,
    paidSupernoek: paid,
    grantHolds: granted,
  });
  if (accessLevel === user.accessLevel && paid === user.paidSupernoek) return null;
  return { accessLevel, paidSupernoek: paid };
}
