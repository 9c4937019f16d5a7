import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingUser,
  startBillingHarness,
  subscribed,
  type BillingHarness,
} from '../../test/billing-api-harness';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness();
});
afterAll(async () => {
  await h?.close();
});

const DAY = 86_400;

describe('cancel and reactivate', () => {
  it('a subscription still waiting for its first payment cannot be cancelled (404) and is left as is', async () => {
    const u = billingUser(h);
    await u.subscribe();
    const res = await u.call('POST', '/api/subscription/cancel');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'NO_SUBSCRIPTION',
      message: 'You have no active subscription to cancel.',
    });
    expect((await u.status()).body).toMatchObject({ status: 'incomplete', cancelAtPeriodEnd: false });
  });

  it('a plan that has ended cannot be reactivated: 409, subscribe again', async () => {
    const u = await subscribed(h);
    await u.call('POST', '/api/subscription/cancel');
    await h.sim.webhooks.idle();
    await h.advance(32 * DAY);
    await expect
      .poll(async () => (await u.status()).body, { timeout: 5000 })
      .toMatchObject({ status: 'canceled' });
    const res = await u.call('POST', '/api/subscription/reactivate');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'SUBSCRIPTION_ENDED',
      message: 'Your subscription has already ended. Subscribe again to get SuperNoek back.',
    });
  });

  it('a provider outage while cancelling answers 503 and changes nothing; the retry cancels once', async () => {
    const u = await subscribed(h);
    const eventsBefore = (await h.changes(u.id)).length;
    const stripe = h.service.ctx.payments!.stripe;
    const original = stripe.subscriptions.update.bind(stripe.subscriptions);
    stripe.subscriptions.update = (() =>
      Promise.reject(new Error('connect ECONNREFUSED'))) as unknown as typeof original;
    try {
      const failed = await u.call('POST', '/api/subscription/cancel');
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    } finally {
      stripe.subscriptions.update = original;
    }
    expect((await u.status()).body).toMatchObject({ isActive: true, cancelAtPeriodEnd: false });
    expect(await h.changes(u.id)).toHaveLength(eventsBefore);

    expect((await u.call('POST', '/api/subscription/cancel')).body).toMatchObject({
      isActive: true,
      cancelAtPeriodEnd: true,
    });
    await h.sim.webhooks.idle();
    // The provider's webhook for the same change adds no second event.
    const changes = (await h.changes(u.id)).slice(eventsBefore);
    expect(changes.map((e) => (e.data as { cancelAtPeriodEnd: boolean }).cancelAtPeriodEnd)).toEqual([true]);
    const [row] = await h.db.subscription.findMany({ where: { userId: u.id } });
    expect((await h.stripe.subscriptions.retrieve(row!.id)).cancel_at_period_end).toBe(true);
  });
});
