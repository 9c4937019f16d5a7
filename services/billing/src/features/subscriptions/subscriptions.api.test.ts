import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileExpired } from './reconcile-expired';
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
const dataOf = (e: { data: unknown }) =>
  e.data as { plan: string; status: string; cancelAtPeriodEnd: boolean };

describe('subscription lifecycle with the stripe SDK against the simulator', () => {
  it('subscribes, pays, cancels, reactivates, and the plan ends at the period end', async () => {
    const u = billingUser(h);
    expect((await u.status()).body).toEqual({
      isActive: false,
      plan: 'basic',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      status: 'none',
    });
    const sub = await u.subscribe();
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ message: 'Payment Form Ready', testMode: true });
    expect(sub.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect((await u.status()).body).toMatchObject({ isActive: false, status: 'incomplete' });

    expect((await u.pay(sub.body.clientSecret)).body).toEqual({ status: 'succeeded' });
    await h.sim.webhooks.idle();
    const active = (await u.status()).body;
    expect(active).toMatchObject({
      isActive: true,
      plan: 'supernoek',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    const end = new Date(active.currentPeriodEnd as string).getTime();
    expect(end - Date.now()).toBeGreaterThan(27 * DAY * 1000);

    const cancelled = await u.call('POST', '/api/subscription/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ isActive: true, cancelAtPeriodEnd: true });
    const again = await u.call('POST', '/api/subscription/cancel');
    expect(again.body).toMatchObject({ isActive: true, cancelAtPeriodEnd: true });
    const reactivated = await u.call('POST', '/api/subscription/reactivate');
    expect(reactivated.body).toMatchObject({ isActive: true, cancelAtPeriodEnd: false });
    await u.call('POST', '/api/subscription/cancel');
    await h.sim.webhooks.idle();

    await h.advance(32 * DAY);
    await expect
      .poll(async () => (await u.status()).body, { timeout: 5000 })
      .toMatchObject({
        isActive: false,
        plan: 'basic',
        status: 'canceled',
      });
    const late = await u.call('POST', '/api/subscription/reactivate');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'SUBSCRIPTION_ENDED' });

    const events = (await h.changes(u.id)).map(dataOf);
    expect(events.map((e) => [e.status, e.cancelAtPeriodEnd])).toEqual([
      ['incomplete', false],
      ['active', false],
      ['active', true],
      ['active', false],
      ['active', true],
      ['canceled', false],
    ]);
    expect(events.at(-1)?.plan).toBe('basic');
  });

  it('a double click, two tabs or a retry make one subscription and one customer', async () => {
    const u = billingUser(h);
    const answers = await Promise.all([u.subscribe(), u.subscribe(), u.subscribe()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
    const retry = await u.subscribe();
    expect(retry.body.clientSecret).toBe(answers[0]!.body.clientSecret);
    const customer = await h.db.customer.findUniqueOrThrow({ where: { userId: u.id } });
    const atProvider = await h.stripe.subscriptions.list({
      customer: customer.stripeCustomerId,
      status: 'all',
    });
    expect(atProvider.data).toHaveLength(1);

    await u.pay(retry.body.clientSecret);
    await h.sim.webhooks.idle();
    const after = await u.subscribe();
    expect(after.status).toBe(409);
    expect(after.body).toMatchObject({ code: 'ALREADY_SUBSCRIBED' });
  });

  it("a declined card answers 'Payment Failed' material: 402 with the provider's message, and can be retried", async () => {
    const u = billingUser(h);
    const { body } = await u.subscribe();
    const declined = await u.pay(body.clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    await h.sim.webhooks.idle();
    expect((await u.status()).body).toMatchObject({ isActive: false, status: 'incomplete' });
    expect((await u.pay(body.clientSecret)).body).toEqual({ status: 'succeeded' });
    await h.sim.webhooks.idle();
    expect((await u.status()).body).toMatchObject({ isActive: true });
  });

  it('a card that asks for authentication pays once the simulated step is completed', async () => {
    const u = billingUser(h);
    const { body } = await u.subscribe();
    expect((await u.pay(body.clientSecret, '4000 0025 0000 3155')).body).toEqual({
      status: 'requires_action',
    });
    const done = await u.call('POST', '/api/payment/test-card/authenticate', {
      clientSecret: body.clientSecret,
      succeed: true,
    });
    expect(done.body).toEqual({ status: 'succeeded' });
    await h.sim.webhooks.idle();
    expect((await u.status()).body).toMatchObject({ isActive: true });
  });

  it('paying or authenticating a payment that is not waiting for it is a 409, not an outage', async () => {
    const u = billingUser(h);
    const { body } = await u.subscribe();
    const authenticateEarly = await u.call('POST', '/api/payment/test-card/authenticate', {
      clientSecret: body.clientSecret,
      succeed: true,
    });
    expect(authenticateEarly.status).toBe(409);
    expect((await u.pay(body.clientSecret)).body).toEqual({ status: 'succeeded' });
    const again = await u.pay(body.clientSecret);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT' });
  });

  it("another user's payment reference is not found; bad card input is a 400", async () => {
    const owner = billingUser(h);
    const { body } = await owner.subscribe();
    const other = billingUser(h);
    await other.subscribe();
    expect((await other.pay(body.clientSecret)).status).toBe(404);
    const bad = await other.call('POST', '/api/payment/test-card', {
      clientSecret: body.clientSecret,
      cardNumber: 'x',
    });
    expect(bad.status).toBe(400);
    expect((await owner.status()).body).toMatchObject({ status: 'incomplete' });
  });

  it('cancel or reactivate without a subscription answers 404', async () => {
    const u = billingUser(h);
    expect((await u.call('POST', '/api/subscription/cancel')).body).toMatchObject({
      code: 'NO_SUBSCRIPTION',
    });
    expect((await u.call('POST', '/api/subscription/reactivate')).status).toBe(404);
  });

  it('payment failed → past due (plan kept) → canceled → basic', async () => {
    const u = await subscribed(h);
    const [sub] = await h.db.subscription.findMany({ where: { userId: u.id } });
    await h.stripe.subscriptions.update(sub!.id, { default_payment_method: 'pm_card_chargeDeclined' });
    await h.advance(31 * DAY);
    await expect
      .poll(async () => (await u.status()).body, { timeout: 5000 })
      .toMatchObject({
        isActive: true,
        status: 'past_due',
      });
    await h.advance(8 * DAY);
    await expect
      .poll(async () => (await u.status()).body, { timeout: 5000 })
      .toMatchObject({
        isActive: false,
        plan: 'basic',
        status: 'canceled',
      });
    const statuses = (await h.changes(u.id)).map((e) => dataOf(e).status);
    expect(statuses.slice(-3)).toEqual(['active', 'past_due', 'canceled']);
  });

  it('reconciliation ends a plan whose period ended when no webhook arrives', async () => {
    const u = await subscribed(h);
    await u.call('POST', '/api/subscription/cancel');
    await h.sim.webhooks.idle();
    h.sim.webhooks.paused = true;
    try {
      await h.advance(32 * DAY);
      // The provider ended it, but nobody told billing.
      expect((await u.status()).body).toMatchObject({ isActive: true });
      expect(await reconcileExpired(h.service.ctx)).toBeGreaterThanOrEqual(1);
      expect((await u.status()).body).toMatchObject({ isActive: false, plan: 'basic', status: 'canceled' });
      expect(dataOf((await h.changes(u.id)).at(-1)!)).toMatchObject({ plan: 'basic', status: 'canceled' });
    } finally {
      h.sim.webhooks.paused = false;
    }
  });

  it('the payment form config says payments are simulated and prints the price', async () => {
    const u = billingUser(h);
    expect((await u.call('GET', '/api/payment/config')).body).toEqual({
      mode: 'simulated',
      publishableKey: null,
      priceAmount: 3000,
      currency: 'usd',
      interval: 'month',
    });
    const anonymous = await fetch(`${h.url}/api/subscription/status`);
    expect(anonymous.status).toBe(401);
  });
});
