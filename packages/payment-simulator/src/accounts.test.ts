import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentSimulator, type PaymentSimulator } from './server';

let sim: PaymentSimulator;
beforeAll(async () => {
  sim = await startPaymentSimulator();
});
afterAll(async () => {
  await sim?.close();
});

const sdk = (key: string) => new Stripe(key, { host: sim.host, port: sim.port, protocol: 'http' });

/** A control route of the simulator's own, with the given key (or none). */
const control = (path: string, key?: string) =>
  fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: 'seconds=0',
  });

describe('the simulator answers only its own secret keys, each for its own account (like Stripe)', () => {
  it('a made-up sk_test_ key, or none, is refused on every route, the control routes included', async () => {
    expect(sim.secretKey).toMatch(/^sk_test_\S{20,}$/);
    await sdk(sim.secretKey).customers.create({ email: 'a@example.test' });
    await expect(sdk('sk_test_anything').customers.list()).rejects.toMatchObject({ statusCode: 401 });
    await expect(sdk('sk_test_anything').subscriptions.list()).rejects.toMatchObject({ statusCode: 401 });
    for (const path of ['/_simulator/clock/advance', '/_simulator/webhooks/pause']) {
      expect((await control(path)).status, path).toBe(401);
      expect((await control(path, 'sk_test_anything')).status, path).toBe(401);
    }
    expect((await control('/_simulator/webhooks/pause', sim.secretKey)).status).toBe(200);
    expect(sim.webhooks.paused).toBe(true);
    expect((await control('/_simulator/webhooks/resume', sim.secretKey)).status).toBe(200);
  });

  it("another account's key sees none of this account's objects and cannot end its subscriptions", async () => {
    const mine = sdk(sim.secretKey);
    const customer = await mine.customers.create({ metadata: { userId: 'u1' } });
    const product = await mine.products.create({ name: 'SuperNoek' });
    const price = await mine.prices.create({
      product: product.id,
      unit_amount: 3000,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    const sub = await mine.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const theirs = sdk(sim.addAccount().secretKey);
    expect((await theirs.customers.list()).data).toEqual([]);
    expect((await theirs.subscriptions.list()).data).toEqual([]);
    expect((await theirs.prices.list()).data).toEqual([]);
    await expect(theirs.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(theirs.subscriptions.cancel(sub.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await mine.subscriptions.retrieve(sub.id)).status).not.toBe('canceled');
  });
});
