import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger, listenForTest, requireUser, type RunningHttpServer } from '@noek/service-kit';
import { billingEnvSchema } from '../../config';
import { createBillingService, type BillingService } from '../../service';
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
const rowsOf = (userId: string) => h.db.subscription.findMany({ where: { userId } });

describe('subscribe', () => {
  it('an active subscriber is told so (409) and nothing new is made at the provider', async () => {
    const u = await subscribed(h);
    const before = (await h.stripe.subscriptions.list({ limit: 100 })).data.length;
    const again = await u.subscribe();
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'ALREADY_SUBSCRIBED',
      message: 'You already have an active SuperNoek subscription.',
    });
    expect((await h.stripe.subscriptions.list({ limit: 100 })).data.length).toBe(before);
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  it('a provider outage answers 503 with the spec message, stores nothing, and a retry works', async () => {
    const u = billingUser(h);
    const stripe = h.service.ctx.payments!.stripe;
    const original = stripe.subscriptions.create.bind(stripe.subscriptions);
    stripe.subscriptions.create = (() =>
      Promise.reject(new Error('socket hang up'))) as unknown as typeof original;
    try {
      const res = await u.subscribe();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        message: 'Unable to connect to payment system. Please try again.',
      });
    } finally {
      stripe.subscriptions.create = original;
    }
    expect(await rowsOf(u.id)).toEqual([]);
    expect((await u.status()).body).toMatchObject({ status: 'none' });
    const retry = await u.subscribe();
    expect(retry.status).toBe(200);
    expect((await u.status()).body).toMatchObject({ status: 'incomplete' });
  });

  it('after a plan ended, subscribing again makes a new subscription for the same customer', async () => {
    const u = await subscribed(h);
    await u.call('POST', '/api/subscription/cancel');
    await h.sim.webhooks.idle();
    await h.advance(32 * DAY);
    await expect
      .poll(async () => (await u.status()).body, { timeout: 5000 })
      .toMatchObject({
        status: 'canceled',
      });
    const [first] = await rowsOf(u.id);
    const again = await u.subscribe();
    expect(again.status).toBe(200);
    const rows = await rowsOf(u.id);
    expect(rows).toHaveLength(2);
    const second = rows.find((r) => r.id !== first!.id)!;
    expect(second).toMatchObject({ status: 'incomplete', stripeCustomerId: first!.stripeCustomerId });
    expect(await h.db.customer.count({ where: { userId: u.id } })).toBe(1);
    expect((await u.pay(again.body.clientSecret)).body).toEqual({ status: 'succeeded' });
    await h.sim.webhooks.idle();
    expect((await u.status()).body).toMatchObject({ isActive: true, plan: 'supernoek', status: 'active' });
  });
});

describe('with no payment provider configured', () => {
  let bare: BillingService;
  let server: RunningHttpServer;
  beforeAll(async () => {
    const publicKey = createPublicKey(h.privateKey).export({ type: 'spki', format: 'pem' }).toString();
    bare = createBillingService({
      config: billingEnvSchema.pick({ RECONCILE_INTERVAL_MS: true }).parse({}),
      db: h.db,
      bus: h.bus,
      logger: captureLogger().logger,
      authenticate: requireUser({ publicKey }),
      payments: null,
    });
    server = await listenForTest(bare.app);
  });
  afterAll(async () => {
    await server?.close(100);
  });

  it('status still answers (basic); everything else says payments are not set up (503)', async () => {
    const u = billingUser({ ...h, url: server.url });
    expect((await u.status()).body).toMatchObject({ isActive: false, plan: 'basic', status: 'none' });
    for (const [method, path] of [
      ['POST', '/api/payment/subscribe'],
      ['GET', '/api/payment/config'],
      ['POST', '/api/subscription/cancel'],
      ['POST', '/api/subscription/reactivate'],
    ] as const) {
      const res = await u.call(method, path);
      expect(res.status, path).toBe(503);
      expect(res.body).toMatchObject({
        code: 'PAYMENTS_NOT_CONFIGURED',
        message: 'Payments are not set up on this server yet. Please contact support.',
      });
    }
    expect(await rowsOf(u.id)).toEqual([]);
  });
});
