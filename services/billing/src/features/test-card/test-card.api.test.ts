import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger, listenForTest, requireUser, type RunningHttpServer } from '@noek/service-kit';
import { billingEnvSchema } from '../../config';
import { createBillingService } from '../../service';
import { paymentsFromConfig } from '../payments/payments';
import { billingUser, startBillingHarness, type BillingHarness } from '../../test/billing-api-harness';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness();
});
afterAll(async () => {
  await h?.close();
});

const THREE_D_SECURE = '4000 0025 0000 3155';

describe('the test-mode card form', () => {
  it('a user who never subscribed has no payment to pay or authenticate (404)', async () => {
    const owner = billingUser(h);
    const { body } = await owner.subscribe();
    const stranger = billingUser(h);
    expect((await stranger.pay(body.clientSecret)).status).toBe(404);
    const auth = await stranger.call('POST', '/api/payment/test-card/authenticate', {
      clientSecret: body.clientSecret,
      succeed: true,
    });
    expect(auth.status).toBe(404);
    expect(auth.body).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No payment waiting with this reference.',
    });
    expect((await owner.status()).body).toMatchObject({ status: 'incomplete' });
  });

  it('a made-up reference is not found, whoever asks', async () => {
    const u = billingUser(h);
    await u.subscribe();
    expect((await u.pay('pi_madeup_secret_nothing')).status).toBe(404);
  });

  it('failing the authentication step is Payment Failed (402); the plan stays off and can be paid again', async () => {
    const u = billingUser(h);
    const { body } = await u.subscribe();
    expect((await u.pay(body.clientSecret, THREE_D_SECURE)).body).toEqual({ status: 'requires_action' });
    const failed = await u.call('POST', '/api/payment/test-card/authenticate', {
      clientSecret: body.clientSecret,
      succeed: false,
    });
    expect(failed.status).toBe(402);
    expect(failed.body).toMatchObject({ code: 'PAYMENT_FAILED' });
    await h.sim.webhooks.idle();
    expect((await u.status()).body).toMatchObject({ isActive: false, status: 'incomplete' });
    expect((await u.pay(body.clientSecret)).body).toEqual({ status: 'succeeded' });
    await h.sim.webhooks.idle();
    expect((await u.status()).body).toMatchObject({ isActive: true });
  });

  it('each field of the card form is checked (400) before anything is sent to the provider', async () => {
    const u = billingUser(h);
    const { body } = await u.subscribe();
    const card = {
      clientSecret: body.clientSecret,
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    };
    for (const bad of [
      { ...card, expMonth: 13 },
      { ...card, expMonth: 'twelve' },
      { ...card, cvc: '' },
      { ...card, clientSecret: undefined },
      { clientSecret: body.clientSecret, succeed: 'yes' },
    ]) {
      const path = 'succeed' in bad ? '/api/payment/test-card/authenticate' : '/api/payment/test-card';
      const res = await u.call('POST', path, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await u.status()).body).toMatchObject({ status: 'incomplete' });
  });
});

describe('with real Stripe configured', () => {
  let server: RunningHttpServer;
  beforeAll(async () => {
    // Stripe mode, its API answered by the simulator: only the payment mode differs.
    const config = billingEnvSchema.parse({
      DATABASE_URL: 'postgresql://localhost/x',
      KEYS_DIR: '/keys',
      STRIPE_SECRET_KEY: h.sim.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_noek',
      STRIPE_WEBHOOK_SECRET: h.webhookSecret,
      STRIPE_API_URL: h.sim.url,
      RECONCILE_INTERVAL_MS: '0',
    });
    const service = createBillingService({
      config,
      db: h.db,
      bus: h.bus,
      logger: captureLogger().logger,
      authenticate: requireUser({
        publicKey: createPublicKey(h.privateKey).export({ type: 'spki', format: 'pem' }).toString(),
      }),
      payments: paymentsFromConfig(config),
    });
    server = await listenForTest(service.app);
  });
  afterAll(async () => {
    await server?.close(100);
  });

  it('the browser gets the publishable key, and the test-card routes do not exist for it (404)', async () => {
    const u = billingUser({ ...h, url: server.url });
    expect((await u.call('GET', '/api/payment/config')).body).toMatchObject({
      mode: 'stripe',
      publishableKey: 'pk_test_noek',
    });
    const sub = await u.subscribe();
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ message: 'Payment Form Ready', testMode: false });
    expect((await u.pay(sub.body.clientSecret)).status).toBe(404);
    expect(
      (
        await u.call('POST', '/api/payment/test-card/authenticate', {
          clientSecret: sub.body.clientSecret,
          succeed: true,
        })
      ).status,
    ).toBe(404);
    expect((await u.status()).body).toMatchObject({ status: 'incomplete' });
  });
});
