import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import Stripe from 'stripe';
import { noekStreamSubjects, type EventEnvelope } from '@noek/contracts';
import { migrateDatabase } from '@noek/db';
import { newWebhookSecret, startPaymentSimulator, type PaymentSimulator } from '@noek/payment-simulator';
import {
  captureLogger,
  createNatsEventBus,
  listenForTest,
  signedInCaller,
  requireUser,
  type EventBus,
  type RunningHttpServer,
  es256KeyPair,
} from '@noek/service-kit';
import { billingEnvSchema } from '../config';
import { billingMigrationsDir, type BillingDb } from '../database';
import { paymentsFromConfig } from '../features/payments/payments';
import { PrismaClient } from '../generated/prisma/client';
import { createDriverAdapter } from '@noek/db';
import { createBillingService, type BillingService } from '../service';

/** API tests run on the real servers: PostgreSQL (TEST_DATABASE_URL) and NATS (NATS_URL). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
export const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

export interface BillingHarness {
  url: string;
  db: BillingDb;
  sim: PaymentSimulator;
  /** The real SDK, pointed at the simulator as billing's is. */
  stripe: Stripe;
  webhookSecret: string;
  service: BillingService;
  bus: EventBus;
  privateKey: string;
  /** Moves both clocks (the simulator's and billing's) forward; renewals and expiries follow. */
  advance(seconds: number): Promise<void>;
  /** billing.subscription.changed.v1 envelopes written to the outbox for a user, oldest first. */
  changes(userId: string): Promise<EventEnvelope[]>;
  close(): Promise<void>;
}

export async function startBillingHarness(): Promise<BillingHarness> {
  const schema = `billing_test_${randomUUID().slice(0, 8)}`;
  const target = { kind: 'postgres' as const, url: TEST_DATABASE_URL, schema };
  await migrateDatabase({ target, migrationsDir: billingMigrationsDir });
  const db = new PrismaClient({ adapter: createDriverAdapter(target) });
  const { publicKey, privateKey } = es256KeyPair();
  const sim = await startPaymentSimulator({ retryDelaysMs: [100, 300] });
  const webhookSecret = newWebhookSecret();
  const config = billingEnvSchema.parse({
    DATABASE_URL: TEST_DATABASE_URL,
    AUTH_PUBLIC_KEY: publicKey,
    PAYMENT_SIMULATOR_URL: sim.url,
    PAYMENT_SIMULATOR_KEY: sim.secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    RECONCILE_INTERVAL_MS: '0',
  });
  const { logger } = captureLogger();
  const bus = createNatsEventBus({
    url: TEST_NATS_URL,
    logger,
    subjects: noekStreamSubjects,
    name: 'billing-api-test',
  });
  await bus.connected();
  let offsetMs = 0;
  const service = createBillingService({
    config,
    db,
    bus,
    logger,
    authenticate: requireUser({ publicKey }),
    payments: paymentsFromConfig(config),
    now: () => new Date(Date.now() + offsetMs),
  });
  await service.start();
  const server: RunningHttpServer = await listenForTest(service.app);
  sim.addWebhookEndpoint(`${server.url}/api/payment/webhook`, webhookSecret);
  return {
    url: server.url,
    db,
    sim,
    stripe: new Stripe(sim.secretKey, { host: sim.host, port: sim.port, protocol: 'http' }),
    webhookSecret,
    service,
    bus,
    privateKey,
    async advance(seconds) {
      offsetMs += seconds * 1000;
      await sim.advanceClock(seconds);
    },
    async changes(userId) {
      const rows = await db.outboxEvent.findMany({
        where: { subject: 'billing.subscription.changed.v1' },
        orderBy: { createdAt: 'asc' },
      });
      return rows
        .map((r) => r.payload as unknown as EventEnvelope)
        .filter((e) => (e.data as { userId: string }).userId === userId);
    },
    async close() {
      await server.close(100);
      await service.stop();
      await bus.close();
      await sim.close();
      await db.$disconnect();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    },
  };
}

/** A signed-in user of billing (an access token as auth issues it). */
export function billingUser(h: BillingHarness, id: string = randomUUID()) {
  const token = jwt.sign(
    { sub: id, lvl: 'basic', typ: 'access', jti: randomUUID(), iat: Math.floor(Date.now() / 1000) },
    h.privateKey,
    { algorithm: 'ES256', expiresIn: '15m' },
  );
  const call = signedInCaller(h.url, token);
  return {
    id,
    call,
    status: () => call('GET', '/api/subscription/status'),
    subscribe: () =>
      call<{ clientSecret: string; message?: string; testMode?: boolean }>('POST', '/api/payment/subscribe'),
    pay: (clientSecret: string, cardNumber = '4242 4242 4242 4242') =>
      call('POST', '/api/payment/test-card', {
        clientSecret,
        cardNumber,
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
      }),
  };
}
export type BillingUser = ReturnType<typeof billingUser>;

/** Subscribes and pays with 4242, then waits for the webhooks: the user holds SuperNoek. */
export async function subscribed(h: BillingHarness, user = billingUser(h)): Promise<BillingUser> {
  const sub = await user.subscribe();
  if (sub.status !== 200) throw new Error(`subscribe answered ${sub.status}`);
  const paid = await user.pay(sub.body.clientSecret);
  if (paid.status !== 200) throw new Error(`paying answered ${paid.status}`);
  await h.sim.webhooks.idle();
  return user;
}

/** Posts a body to the webhook route with the given Stripe-Signature header (or none). */
export async function postWebhook(h: BillingHarness, payload: string, signature?: string) {
  const res = await fetch(`${h.url}/api/payment/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A Stripe event object around `object`, signed as Stripe would (stripe-node's test header helper). */
export function signedEvent(h: BillingHarness, type: string, object: unknown, timestamp?: number) {
  const payload = JSON.stringify({
    id: `evt_test${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
  });
  const header = h.stripe.webhooks.generateTestHeaderString({ payload, secret: h.webhookSecret, timestamp });
  return { payload, header };
}
