import type { SubscriptionState, SubscriptionStatus } from '@noek/contracts';
import type Stripe from 'stripe';

/** The provider's subscription as billing keeps it (one row of `subscriptions`). */
export interface SubscriptionRecord {
  id: string;
  userId: string;
  stripeCustomerId: string;
  /** The provider's status as is. */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  syncedAt: Date;
  createdAt: Date;
}

/** One item of a subscription: its price as the provider charges it. */
export interface SubscriptionItemPrice {
  unitAmount: number | null;
  currency: string;
  interval: string | null;
  intervalCount: number | null;
  quantity: number;
}

/** A subscription as read from the provider, not yet tied to a user. */
export interface SubscriptionSnapshot {
  id: string;
  stripeCustomerId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** What it sells, item by item (SuperNoek is one item of its monthly price). */
  items: SubscriptionItemPrice[];
  /** When it was read: an older read never overwrites a newer one. */
  readAt: Date;
}

export function snapshotOf(sub: Stripe.Subscription, readAt: Date): SubscriptionSnapshot {
  // Since API 2025-03-31 the period lives on the items; one item (the SuperNoek price) here.
  const ends = sub.items.data.map((i) => i.current_period_end).filter((n) => typeof n === 'number');
  const end = ends.length ? Math.max(...ends) : null;
  return {
    id: sub.id,
    stripeCustomerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    currentPeriodEnd: end === null ? null : new Date(end * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    items: sub.items.data.map((i) => ({
      unitAmount: i.price.unit_amount,
      currency: i.price.currency,
      interval: i.price.recurring?.interval ?? null,
      intervalCount: i.price.recurring?.interval_count ?? null,
      quantity: i.quantity ?? 1,
    })),
    readAt,
  };
}

/** The provider's status in the product's words (contracts' subscriptionStateSchema). */
export function stateOf(status: string): SubscriptionState {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'unpaid':
      return 'unpaid';
    case 'incomplete':
      return 'incomplete';
    default:
      // canceled, incomplete_expired, paused
      return 'canceled';
  }
}

/** States in which the paid plan is in force: past due keeps it while the provider retries the card. */
export const PLAN_STATES: ReadonlySet<SubscriptionState> = new Set(['active', 'past_due']);

/**
 * The subscription that speaks for the user: the newest one holding the plan, else the newest of all.
 * An old canceled subscription never hides a newer active one, whatever order events arrived in.
 */
export function currentSubscription<T extends Pick<SubscriptionRecord, 'status' | 'createdAt'>>(
  records: readonly T[],
): T | undefined {
  const newest = [...records].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return newest.find((r) => PLAN_STATES.has(stateOf(r.status))) ?? newest[0];
}

/** GET /api/subscription/status from the user's subscriptions. */
export function statusOf(records: readonly SubscriptionRecord[]): SubscriptionStatus {
  const current = currentSubscription(records);
  if (!current) {
    return {
      isActive: false,
      plan: 'basic',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      status: 'none',
    };
  }
  const state = stateOf(current.status);
  const isActive = PLAN_STATES.has(state);
  return {
    isActive,
    plan: isActive ? 'supernoek' : 'basic',
    currentPeriodEnd: current.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: isActive && current.cancelAtPeriodEnd,
    status: state,
  };
}

/** Whether two statuses differ in anything auth or the UI acts on. */
export function sameStatus(a: SubscriptionStatus, b: SubscriptionStatus): boolean {
  return (
    a.status === b.status &&
    a.plan === b.plan &&
    a.cancelAtPeriodEnd === b.cancelAtPeriodEnd &&
    a.currentPeriodEnd === b.currentPeriodEnd
  );
}
