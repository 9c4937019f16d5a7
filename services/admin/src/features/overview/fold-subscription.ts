import { PRICES_USD_PER_MONTH, type SubscriptionChangedData } from '@noek/contracts';
import type { AdminTx } from '../../database';
import { addCounters, utcDay, type CounterDelta } from './overview-counters';

/** Paying: a paid plan whose payments still stand (past_due keeps access while the provider retries). */
function isPaying(d: SubscriptionChangedData): boolean {
  return d.plan !== 'basic' && (d.status === 'active' || d.status === 'past_due');
}

/**
 * billing sends snapshots; the overview needs transitions. Compared with the last snapshot kept per
 * user: starting to pay is a new subscription, stopping is a cancellation (churn), and MRR moves by the
 * difference in monthly amount. An older snapshot than the one kept is ignored (out-of-order delivery).
 */
export async function foldSubscriptionChanged(tx: AdminTx, d: SubscriptionChangedData): Promise<void> {
  const changedAt = new Date(d.changedAt);
  const prev = await tx.overviewSubscription.findUnique({ where: { userId: d.userId } });
  if (prev && prev.changedAt >= changedAt) return;
  const paying = isPaying(d);
  const amountCents = paying ? (d.amountCents ?? PRICES_USD_PER_MONTH[d.plan] * 100) : 0;
  const wasPaying = prev?.paying ?? false;
  const deltas: CounterDelta[] = [];
  if (paying && !wasPaying) deltas.push({ metric: 'new-subscriptions', dimension: '', value: 1 });
  if (!paying && wasPaying) deltas.push({ metric: 'cancellations', dimension: '', value: 1 });
  if (paying !== wasPaying) deltas.push({ metric: 'paying-change', dimension: '', value: paying ? 1 : -1 });
  const mrrChange = amountCents - (prev?.amountCents ?? 0);
  if (mrrChange !== 0) deltas.push({ metric: 'mrr-change-cents', dimension: '', value: mrrChange });
  await tx.overviewSubscription.upsert({
    where: { userId: d.userId },
    create: { userId: d.userId, paying, amountCents, changedAt },
    update: { paying, amountCents, changedAt },
  });
  await addCounters(tx, utcDay(changedAt), deltas);
}
