// npm run bench:billing. Two figures:
// 1. Webhook deliveries: the billing service (in this process, on a fresh PostgreSQL database) takes
//    BENCH_WEBHOOKS signed deliveries from 20 concurrent senders, a third of them duplicates of earlier
//    events (same id and body, as a provider retry sends them); each first delivery re-reads its
//    subscription from the local payment simulator (also in this process) and writes event row, subscription
//    and outbox row in one transaction. Prints deliveries/s, p50/p99 latency and checks exactly one effect
//    per event id.
// 2. Gzip size of mfe-billing's first load (remoteEntry + ./App's sync chunks; run `npm run build` first)
//    and of the code loaded only when the Stripe payment form opens.
// Env: BENCH_WEBHOOKS (600), BENCH_CONCURRENCY (20), BENCH_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Stripe from 'stripe';
import { createDriverAdapter, migrateDatabase } from '@noek/db';
import { newWebhookSecret, startPaymentSimulator } from '@noek/payment-simulator';
import {
  createInProcessEventBus,
  createLogger,
  listenForTest,
  requireUser,
  es256KeyPair,
} from '@noek/service-kit';
import {
  billingEnvSchema,
  billingMigrationsDir,
  createBillingService,
  paymentsFromConfig,
} from '@noek/billing';
import { PrismaClient } from '../services/billing/src/generated/prisma/client';
import { recreateDatabase } from '@noek/db';

const root = path.resolve(import.meta.dirname, '..');
const total = Number(process.env.BENCH_WEBHOOKS ?? 600);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/noek_bench_billing';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function webhookBench(): Promise<void> {
  await recreateDatabase(dbUrl);
  const target = { kind: 'postgres' as const, url: dbUrl, schema: 'billing' };
  await migrateDatabase({ target, migrationsDir: billingMigrationsDir });
  const db = new PrismaClient({ adapter: createDriverAdapter(target) });
  const sim = await startPaymentSimulator();
  const secret = newWebhookSecret();
  const { publicKey } = es256KeyPair();
  const config = billingEnvSchema.parse({
    DATABASE_URL: dbUrl,
    AUTH_PUBLIC_KEY: publicKey,
    PAYMENT_SIMULATOR_URL: sim.url,
    PAYMENT_SIMULATOR_KEY: sim.secretKey,
    STRIPE_WEBHOOK_SECRET: secret,
    RECONCILE_INTERVAL_MS: '0',
  });
  const bus = createInProcessEventBus();
  const service = createBillingService({
    config,
    db,
    bus,
    logger: createLogger({ name: 'bench-billing', level: 'warn' }),
    authenticate: requireUser({ publicKey }),
    payments: paymentsFromConfig(config),
  });
  await service.start();
  const server = await listenForTest(service.app);
  const stripe = new Stripe(sim.secretKey, { host: sim.host, port: sim.port, protocol: 'http' });

  // Subscriptions at the provider whose webhooks billing has not seen yet (they were lost), each on the
  // customer billing created for its user (billing adopts no other).
  const price = await service.ctx.payments!.priceId();
  const uniqueCount = Math.ceil((total * 2) / 3);
  const subs: Stripe.Subscription[] = [];
  for (let i = 0; i < Math.min(uniqueCount, 200); i++) {
    const userId = randomUUID();
    const customer = await stripe.customers.create({ metadata: { userId } });
    await db.customer.create({ data: { userId, stripeCustomerId: customer.id } });
    subs.push(
      await stripe.subscriptions.create({ customer: customer.id, items: [{ price }], metadata: { userId } }),
    );
  }
  const events = Array.from({ length: uniqueCount }, (_, i) => {
    const payload = JSON.stringify({
      id: `evt_bench${i}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: subs[i % subs.length] },
      livemode: false,
    });
    return payload;
  });
  // Two firsts, then a duplicate of one of them: a third of all deliveries repeat an earlier event.
  const deliveries: string[] = [];
  for (let i = 0; deliveries.length < total; i++) {
    deliveries.push(events[(2 * i) % uniqueCount]!, events[(2 * i + 1) % uniqueCount]!);
    if (deliveries.length < total) deliveries.push(events[(2 * i) % uniqueCount]!);
  }

  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < deliveries.length) {
        const payload = deliveries[next++]!;
        const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
        const t = performance.now();
        const res = await fetch(`${server.url}/api/payment/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        });
        const body = (await res.json()) as { outcome?: string };
        latencies.push(performance.now() - t);
        const key = res.ok ? (body.outcome ?? '?') : `HTTP ${res.status}`;
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const recorded = await db.webhookEvent.count();
  console.log(
    `webhooks: ${deliveries.length} deliveries (${uniqueCount} events, ${deliveries.length - uniqueCount} duplicates), ${concurrency} concurrent`,
  );
  console.log(`  ${(deliveries.length / seconds).toFixed(0)} deliveries/s over ${seconds.toFixed(1)} s`);
  console.log(
    `  latency p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
  console.log(
    `  outcomes ${JSON.stringify(outcomes)}; event rows ${recorded} (expected ${uniqueCount}) → ${recorded === uniqueCount ? 'one effect per event' : 'MISMATCH'}`,
  );
  await server.close(100);
  await service.stop();
  await bus.close();
  await sim.close();
  await db.$disconnect();
}

interface MfManifest {
  metaData: { remoteEntry: { name: string } };
  exposes: Array<{
    path: string;
    assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } };
  }>;
}

async function gz(files: string[], dist: string): Promise<number> {
  let sum = 0;
  for (const f of files) sum += gzipSync(await readFile(path.join(dist, f)), { level: 9 }).length;
  return sum;
}

async function bundleBench(): Promise<void> {
  const dist = path.join(root, 'mfe-billing', 'dist');
  if (!existsSync(path.join(dist, 'mf-manifest.json'))) {
    console.log('mfe-billing: not built (run `npm run build` first)');
    return;
  }
  const m = JSON.parse(await readFile(path.join(dist, 'mf-manifest.json'), 'utf8')) as MfManifest;
  const app = m.exposes.find((e) => e.path === './App')!;
  const first = [m.metaData.remoteEntry.name, ...app.assets.js.sync, ...app.assets.css.sync];
  const lazy = [...app.assets.js.async, ...app.assets.css.async].filter((f) => !first.includes(f));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`mfe-billing first load (gzip): ${kb(await gz(first, dist))} in ${first.length} files`);
  console.log(
    `  loaded only when the Stripe payment form opens (gzip): ${kb(await gz(lazy, dist))} in ${lazy.length} files`,
  );
}

await webhookBench();
await bundleBench();
