import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingHarness, type BillingHarness } from '../../test/billing-api-harness';
import { createCustomersRepository } from './customers.repository';
import { createSubscriptionsRepository } from './subscriptions.repository';
import type { SubscriptionSnapshot } from './subscription-state';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness();
});
afterAll(async () => {
  await h?.close();
});

const at = (iso: string) => new Date(iso);
const snapshot = (over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: `sub_${randomUUID().slice(0, 8)}`,
  stripeCustomerId: 'cus_repo',
  status: 'active',
  currentPeriodEnd: at('2030-02-01T00:00:00Z'),
  cancelAtPeriodEnd: false,
  items: [],
  readAt: at('2030-01-01T00:00:00Z'),
  ...over,
});

describe('subscriptions repository', () => {
  it("keeps the newest read of the provider's copy: an older read never overwrites it", async () => {
    const repo = createSubscriptionsRepository(h.db);
    const userId = randomUUID();
    const newer = snapshot({ status: 'canceled', readAt: at('2030-01-02T00:00:00Z') });
    expect(await repo.save(userId, newer)).toBe(true);
    const older = { ...newer, status: 'active', readAt: at('2030-01-01T00:00:00Z') };
    expect(await repo.save(userId, older)).toBe(false);
    expect((await repo.listForUser(userId))[0]).toMatchObject({ status: 'canceled' });
    const newest = { ...newer, cancelAtPeriodEnd: true, readAt: at('2030-01-03T00:00:00Z') };
    expect(await repo.save(userId, newest)).toBe(true);
    expect((await repo.listForUser(userId))[0]).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: true,
      syncedAt: newest.readAt,
    });
  });

  it('lists live subscriptions past their period end, oldest end first, at most `limit`', async () => {
    const repo = createSubscriptionsRepository(h.db);
    const now = at('2031-06-01T00:00:00Z');
    const ends = (day: string) => at(`2031-05-${day}T00:00:00Z`);
    const saved: Record<string, string> = {};
    for (const [name, status, end] of [
      ['active-late', 'active', ends('20')],
      ['past-due', 'past_due', ends('10')],
      ['trialing', 'trialing', ends('15')],
      ['unpaid', 'unpaid', ends('05')],
      ['canceled', 'canceled', ends('01')],
      ['incomplete', 'incomplete', ends('01')],
      ['not-ended', 'active', at('2031-06-02T00:00:00Z')],
    ] as const) {
      const s = snapshot({ status, currentPeriodEnd: end });
      await repo.save(randomUUID(), s);
      saved[s.id] = name;
    }
    const due = (await repo.listPastPeriodEnd(now, 10)).filter((r) => saved[r.id]).map((r) => saved[r.id]);
    expect(due).toEqual(['unpaid', 'past-due', 'trialing', 'active-late']);
    expect((await repo.listPastPeriodEnd(now, 2)).map((r) => saved[r.id])).toEqual(['unpaid', 'past-due']);
  });
});

describe('customers repository', () => {
  it("keeps a user's first customer: a concurrent second one changes nothing", async () => {
    const repo = createCustomersRepository(h.db);
    const userId = randomUUID();
    const [a, b] = await Promise.all([
      repo.add(userId, `cus_a${userId}`),
      repo.add(userId, `cus_b${userId}`),
    ]);
    expect(a.stripeCustomerId).toBe(b.stripeCustomerId);
    expect(await repo.findByUser(userId)).toEqual(a);
    expect(await repo.findByStripeId(a.stripeCustomerId)).toEqual({
      userId,
      stripeCustomerId: a.stripeCustomerId,
    });
    const loser = a.stripeCustomerId === `cus_a${userId}` ? `cus_b${userId}` : `cus_a${userId}`;
    expect(await repo.findByStripeId(loser)).toBeNull();
  });
});
