import type { BillingContext } from '../../context';
import { syncSubscription } from './sync-subscription';

/**
 * A plan whose period ended still ends when no webhook ever arrives: subscriptions we hold as live past
 * their period end are re-read from the provider and applied. Answers how many users' status changed.
 */
export async function reconcileExpired(ctx: BillingContext, limit = 50): Promise<number> {
  const p = ctx.payments;
  if (!p) return 0;
  const due = await ctx.subscriptions.listPastPeriodEnd(ctx.now(), limit);
  let changed = 0;
  for (const record of due) {
    try {
      const applied = await syncSubscription(ctx, p.stripe, record.id);
      if (applied?.changed) changed++;
    } catch (err) {
      // The provider may be down: the next run tries again.
      ctx.logger.warn({ err, subscription: record.id }, 'reconciling a subscription failed');
    }
  }
  if (changed > 0)
    ctx.logger.info({ changed }, 'reconciliation corrected subscriptions past their period end');
  return changed;
}
