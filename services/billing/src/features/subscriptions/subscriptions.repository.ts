import type { BillingTx } from '../../database';
import type { SubscriptionRecord, SubscriptionSnapshot } from './subscription-state';

const columns = {
  id: true,
  userId: true,
  stripeCustomerId: true,
  status: true,
  currentPeriodEnd: true,
  cancelAtPeriodEnd: true,
  syncedAt: true,
  createdAt: true,
} as const;

/** Provider statuses in which a period end still matters (the plan holds or is being retried). */
const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'unpaid'];

export function createSubscriptionsRepository(db: BillingTx) {
  return {
    async listForUser(userId: string): Promise<SubscriptionRecord[]> {
      return db.subscription.findMany({ where: { userId }, select: columns, orderBy: { createdAt: 'desc' } });
    },
    /**
     * Serialises changes to one user's subscriptions until the transaction ends, so the status computed
     * before and after a change, and the time stamped on its event, follow commit order.
     */
    async lockUser(userId: string): Promise<void> {
      await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${userId}, 0))`;
    },
    /**
     * Writes the provider's copy unless a newer read is already stored. Answers whether it was written.
     */
    async save(userId: string, s: SubscriptionSnapshot): Promise<boolean> {
      const existing = await db.subscription.findUnique({ where: { id: s.id }, select: { syncedAt: true } });
      if (existing && existing.syncedAt > s.readAt) return false;
      const data = {
        status: s.status,
        currentPeriodEnd: s.currentPeriodEnd,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        syncedAt: s.readAt,
      };
      await db.subscription.upsert({
        where: { id: s.id },
        create: { id: s.id, userId, stripeCustomerId: s.stripeCustomerId, ...data },
        update: data,
      });
      return true;
    },
    /** Subscriptions that still hold (or retry) the plan although their period ended before `now`. */
    async listPastPeriodEnd(now: Date, limit: number): Promise<SubscriptionRecord[]> {
      return db.subscription.findMany({
        where: { status: { in: LIVE_STATUSES }, currentPeriodEnd: { lt: now } },
        select: columns,
        orderBy: { currentPeriodEnd: 'asc' },
        take: limit,
      });
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
