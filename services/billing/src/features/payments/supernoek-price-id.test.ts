import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentSimulator, type PaymentSimulator } from '@noek/payment-simulator';
import { billingEnvSchema } from '../../config';
import { paymentsFromConfig, SUPERNOEK_LOOKUP_KEY } from './payments';

// The provider is the payment simulator (Stripe's HTTP API, in this process); a hop in front of it can
// be switched to answer 500, as a provider outage would.
let sim: PaymentSimulator;
let hop: { url: string; down: boolean; close: () => void };

beforeAll(async () => {
  sim = await startPaymentSimulator();
  const state = { down: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.down) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{}');
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host' && e[0] !== 'connection',
        ),
      );
      void fetch(`${sim.url}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      }).then(async (up) => {
        res.writeHead(up.status, { 'content-type': 'application/json' });
        res.end(Buffer.from(await up.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hop = Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => (server.closeAllConnections(), server.close()),
  });
});
afterAll(async () => {
  hop?.close();
  await sim?.close();
});

function payments(amount = '3000') {
  const config = billingEnvSchema.parse({
    DATABASE_URL: 'postgresql://localhost/x',
    KEYS_DIR: '/keys',
    PAYMENT_SIMULATOR_URL: hop.url,
    PAYMENT_SIMULATOR_KEY: sim.secretKey,
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    SUPERNOEK_PRICE_AMOUNT: amount,
  });
  const u = new URL(hop.url);
  // No SDK retries: the test decides when the provider is back.
  const stripe = new Stripe(sim.secretKey, {
    host: u.hostname,
    port: Number(u.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return paymentsFromConfig(config, { stripe })!;
}

const superNoekPrices = async () =>
  (await sim.engine.listPrices({ lookup_keys: [SUPERNOEK_LOOKUP_KEY] } as never)).length;

describe("SuperNoek's price when STRIPE_PRICE_ID is not set", () => {
  it('is created once at the provider, however many ask at once, and then found by its lookup key', async () => {
    hop.down = true;
    const p = payments();
    // An outage fails the call, and is not remembered: the next call asks again.
    await expect(p.priceId()).rejects.toThrow();
    hop.down = false;
    const ids = await Promise.all([p.priceId(), p.priceId(), p.priceId()]);
    expect(new Set(ids).size).toBe(1);
    expect(await superNoekPrices()).toBe(1);
    const price = await sim.engine.price(ids[0]!);
    expect(price).toMatchObject({
      unit_amount: 3000,
      currency: 'usd',
      recurring: expect.objectContaining({ interval: 'month' }),
      lookup_key: SUPERNOEK_LOOKUP_KEY,
    });

    // Another billing process (a restart, a replica) finds the same price.
    expect(await payments().priceId()).toBe(ids[0]);
    expect(await superNoekPrices()).toBe(1);
  });

  it('is asked for once per process: later calls need no provider', async () => {
    const p = payments();
    const id = await p.priceId();
    hop.down = true;
    try {
      expect(await p.priceId()).toBe(id);
    } finally {
      hop.down = false;
    }
  });
});
