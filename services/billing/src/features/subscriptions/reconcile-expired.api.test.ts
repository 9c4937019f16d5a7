import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileExpired } from './reconcile-expired';
import { startBillingHarness, subscribed, type BillingHarness } from '../../test/billing-api-harness';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness();
});
afterAll(async () => {
  await h?.close();
});

const DAY = 86_400;

describe('reconciliation of plans past their period end', () => {
  it('a provider failure on one subscription does not stop the others; the next run corrects it', async () => {
    const [a, b] = [await subscribed(h), await subscribed(h)];
    for (const u of [a, b]) await u.call('POST', '/api/subscription/cancel');
    await h.sim.webhooks.idle();
    const [subA] = await h.db.subscription.findMany({ where: { userId: a.id } });
    h.sim.webhooks.paused = true;
    const stripe = h.service.ctx.payments!.stripe;
    const original = stripe.subscriptions.retrieve.bind(stripe.subscriptions);
    try {
      await h.advance(32 * DAY);
      stripe.subscriptions.retrieve = ((id: string, ...rest: unknown[]) =>
        id === subA!.id
          ? Promise.reject(new Error('read ECONNRESET'))
          : (original as (...args: unknown[]) => unknown)(id, ...rest)) as typeof original;
      expect(await reconcileExpired(h.service.ctx)).toBe(1);
      expect((await a.status()).body).toMatchObject({ isActive: true });
      expect((await b.status()).body).toMatchObject({ isActive: false, status: 'canceled' });

      stripe.subscriptions.retrieve = original;
      expect(await reconcileExpired(h.service.ctx)).toBe(1);
      expect((await a.status()).body).toMatchObject({ isActive: false, status: 'canceled' });
      // Nothing is left to correct: a third run changes nothing.
      expect(await reconcileExpired(h.service.ctx)).toBe(0);
    } finally {
      stripe.subscriptions.retrieve = original;
      h.sim.webhooks.paused = false;
    }
  });

  it('does nothing without a payment provider', async () => {
    expect(await reconcileExpired({ ...h.service.ctx, payments: null })).toBe(0);
  });
});
