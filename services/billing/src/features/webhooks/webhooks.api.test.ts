import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingUser,
  postWebhook,
  signedEvent,
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

/** A subscription paid at the provider while its webhooks are lost: billing still thinks it incomplete. */
async function paidSilently() {
  const u = billingUser(h);
  const { body } = await u.subscribe();
  await h.sim.webhooks.idle();
  h.sim.webhooks.paused = true;
  try {
    await u.pay(body.clientSecret);
  } finally {
    h.sim.webhooks.paused = false;
  }
  const [row] = await h.db.subscription.findMany({ where: { userId: u.id } });
  const sub = await h.stripe.subscriptions.retrieve(row!.id);
  expect((await u.status()).body).toMatchObject({ status: 'incomplete' });
  return { u, sub };
}

const eventRows = () => h.db.webhookEvent.count();

/** A monthly price of 1 cent: the provider sells it, billing must not take it for SuperNoek. */
async function cheapPrice(): Promise<string> {
  const product = await h.stripe.products.create({ name: 'Not SuperNoek' });
  const price = await h.stripe.prices.create({
    product: product.id,
    unit_amount: 1,
    currency: 'usd',
    recurring: { interval: 'month' },
  });
  return price.id;
}

describe('webhook signatures', () => {
  it('a missing, wrong or too old signature answers 400 and changes nothing', async () => {
    const { u, sub } = await paidSilently();
    const before = await eventRows();
    const good = signedEvent(h, 'customer.subscription.updated', sub);
    expect((await postWebhook(h, good.payload)).status).toBe(400);
    const wrongSecret = h.stripe.webhooks.generateTestHeaderString({
      payload: good.payload,
      secret: 'whsec_wrong',
    });
    expect((await postWebhook(h, good.payload, wrongSecret)).body).toMatchObject({
      code: 'INVALID_WEBHOOK_SIGNATURE',
    });
    const tampered = good.payload.replace('"livemode":false', '"livemode":true');
    expect((await postWebhook(h, tampered, good.header)).status).toBe(400);
    const old = signedEvent(h, 'customer.subscription.updated', sub, Math.floor(Date.now() / 1000) - 600);
    expect((await postWebhook(h, old.payload, old.header)).status).toBe(400);
    expect((await postWebhook(h, '', good.header)).status).toBe(400);
    expect(await eventRows()).toBe(before);
    expect((await u.status()).body).toMatchObject({ status: 'incomplete' });
    // The same event, correctly signed, is applied.
    expect((await postWebhook(h, good.payload, good.header)).body).toEqual({
      received: true,
      outcome: 'applied',
    });
    expect((await u.status()).body).toMatchObject({ status: 'active' });
  });

  it('a signed body that is not an event answers 400', async () => {
    const payload = '{"hello":"world"}';
    const header = h.stripe.webhooks.generateTestHeaderString({ payload, secret: h.webhookSecret });
    expect((await postWebhook(h, payload, header)).status).toBe(400);
  });
});

describe('webhook delivery', () => {
  it('the same event twice in sequence has one effect', async () => {
    const { u, sub } = await paidSilently();
    const e = signedEvent(h, 'invoice.paid', {
      id: 'in_x',
      object: 'invoice',
      parent: { subscription_details: { subscription: sub.id } },
    });
    expect((await postWebhook(h, e.payload, e.header)).body).toMatchObject({ outcome: 'applied' });
    expect((await postWebhook(h, e.payload, e.header)).body).toMatchObject({ outcome: 'duplicate' });
    const statuses = (await h.changes(u.id)).map((x) => (x.data as { status: string }).status);
    expect(statuses).toEqual(['incomplete', 'active']);
  });

  it('the same event delivered concurrently has one effect', async () => {
    const { u, sub } = await paidSilently();
    const e = signedEvent(h, 'customer.subscription.updated', sub);
    const answers = await Promise.all(Array.from({ length: 8 }, () => postWebhook(h, e.payload, e.header)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.body.outcome === 'applied')).toHaveLength(1);
    expect(await h.db.webhookEvent.count({ where: { id: JSON.parse(e.payload).id } })).toBe(1);
    const statuses = (await h.changes(u.id)).map((x) => (x.data as { status: string }).status);
    expect(statuses).toEqual(['incomplete', 'active']);
  });

  it('updated before created ends in the state the provider holds', async () => {
    const userId = randomUUID();
    const customer = await h.stripe.customers.create({ metadata: { userId } });
    // The customer billing created for the user (subscribe records it so).
    await h.db.customer.create({ data: { userId, stripeCustomerId: customer.id } });
    const [price] = (await h.stripe.prices.list({ lookup_keys: ['noek_supernoek_monthly'] })).data;
    h.sim.webhooks.paused = true;
    const created = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price!.id }],
      payment_behavior: 'default_incomplete',
      metadata: { userId },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const secret = (created.latest_invoice as { confirmation_secret: { client_secret: string } })
      .confirmation_secret.client_secret;
    await h.stripe.paymentIntents.confirm(secret.split('_secret_')[0]!, { payment_method: 'pm_card_visa' });
    h.sim.webhooks.paused = false;
    const updated = await h.stripe.subscriptions.retrieve(created.id);
    const late = signedEvent(h, 'customer.subscription.updated', updated);
    const early = signedEvent(h, 'customer.subscription.created', created);
    expect((await postWebhook(h, late.payload, late.header)).body).toMatchObject({ outcome: 'applied' });
    expect((await postWebhook(h, early.payload, early.header)).body).toMatchObject({ outcome: 'applied' });
    expect((await billingUser(h, userId).status()).body).toMatchObject({ isActive: true, status: 'active' });
  });

  it('events for unknown customers and events needing no action are acknowledged no-ops', async () => {
    const before = await h.db.subscription.count();
    const customer = await h.stripe.customers.create({});
    const [price] = (await h.stripe.prices.list({ lookup_keys: ['noek_supernoek_monthly'] })).data;
    const foreign = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price!.id }],
    });
    const e = signedEvent(h, 'customer.subscription.created', foreign);
    expect((await postWebhook(h, e.payload, e.header)).body).toEqual({ received: true, outcome: 'ignored' });
    const missing = signedEvent(h, 'customer.subscription.updated', {
      id: 'sub_doesnotexist',
      object: 'subscription',
    });
    expect((await postWebhook(h, missing.payload, missing.header)).body).toMatchObject({
      outcome: 'ignored',
    });
    const other = signedEvent(h, 'charge.refunded', { id: 'ch_1', object: 'charge' });
    expect((await postWebhook(h, other.payload, other.header)).body).toMatchObject({ outcome: 'ignored' });
    expect(await h.db.subscription.count()).toBe(before);
  });

  it('only the SuperNoek price on the customer billing created for the user grants SuperNoek', async () => {
    const cheap = await cheapPrice();
    const paidFor = async (customer: string, price: string, userId: string) => {
      h.sim.webhooks.paused = true;
      try {
        const created = await h.stripe.subscriptions.create({
          customer,
          items: [{ price }],
          payment_behavior: 'default_incomplete',
          metadata: { userId },
          expand: ['latest_invoice.confirmation_secret'],
        });
        const secret = (created.latest_invoice as { confirmation_secret: { client_secret: string } })
          .confirmation_secret.client_secret;
        await h.stripe.paymentIntents.confirm(secret.split('_secret_')[0]!, {
          payment_method: 'pm_card_visa',
        });
        return await h.stripe.subscriptions.retrieve(created.id);
      } finally {
        h.sim.webhooks.paused = false;
      }
    };
    const deliver = async (sub: unknown) => {
      const e = signedEvent(h, 'customer.subscription.updated', sub);
      return (await postWebhook(h, e.payload, e.header)).body;
    };
    // A 1-cent subscription naming a user in its metadata, on a customer billing never created.
    const victim = billingUser(h);
    const stranger = await h.stripe.customers.create({ metadata: { userId: victim.id } });
    expect(await deliver(await paidFor(stranger.id, cheap, victim.id))).toMatchObject({ outcome: 'ignored' });
    // The right price on that foreign customer: not ours either.
    const [superNoek] = (await h.stripe.prices.list({ lookup_keys: ['noek_supernoek_monthly'] })).data;
    expect(await deliver(await paidFor(stranger.id, superNoek!.id, victim.id))).toMatchObject({
      outcome: 'ignored',
    });
    // A 1-cent subscription on the user's own billing customer.
    const { body } = await victim.subscribe();
    expect(body.clientSecret).toBeTruthy();
    const own = await h.db.customer.findUniqueOrThrow({ where: { userId: victim.id } });
    expect(await deliver(await paidFor(own.stripeCustomerId, cheap, victim.id))).toMatchObject({
      outcome: 'ignored',
    });
    expect((await victim.status()).body).toMatchObject({ isActive: false });
    expect(await h.db.subscription.count({ where: { userId: victim.id, status: 'active' } })).toBe(0);
  });

  it('a provider outage answers 5xx so the provider retries, and the retry applies', async () => {
    const { u, sub } = await paidSilently();
    const e = signedEvent(h, 'customer.subscription.updated', sub);
    const stripe = h.service.ctx.payments!.stripe;
    const original = stripe.subscriptions.retrieve.bind(stripe.subscriptions);
    stripe.subscriptions.retrieve = (() =>
      Promise.reject(new Error('connection refused'))) as typeof original;
    try {
      expect((await postWebhook(h, e.payload, e.header)).status).toBe(503);
    } finally {
      stripe.subscriptions.retrieve = original;
    }
    expect((await u.status()).body).toMatchObject({ status: 'incomplete' });
    expect((await postWebhook(h, e.payload, e.header)).body).toMatchObject({ outcome: 'applied' });
    expect((await u.status()).body).toMatchObject({ status: 'active' });
  });

  it('webhooks from the simulator are delivered signed and applied (the ordinary path)', async () => {
    const u = await subscribed(h);
    expect((await u.status()).body).toMatchObject({ isActive: true });
    const delivered = h.sim.webhooks.deliveries.filter((d) => d.status === 200);
    expect(delivered.length).toBeGreaterThan(0);
    expect(h.sim.webhooks.deliveries.some((d) => d.status !== 200)).toBe(false);
  });
});
