import { describe, expect, it } from 'vitest';
import { currentSubscription, stateOf, statusOf, type SubscriptionRecord } from './subscription-state';

const at = (s: string) => new Date(s);
const record = (
  status: string,
  createdAt: string,
  extra: Partial<SubscriptionRecord> = {},
): SubscriptionRecord => ({
  id: `sub_${status}_${createdAt}`,
  userId: 'u',
  stripeCustomerId: 'cus_1',
  status,
  currentPeriodEnd: at('2026-12-01T00:00:00Z'),
  cancelAtPeriodEnd: false,
  syncedAt: at(createdAt),
  createdAt: at(createdAt),
  ...extra,
});

describe('subscription state', () => {
  it("maps the provider's statuses to the product's", () => {
    expect(stateOf('trialing')).toBe('active');
    expect(stateOf('incomplete_expired')).toBe('canceled');
    expect(stateOf('past_due')).toBe('past_due');
    expect(stateOf('something_new')).toBe('canceled');
  });

  it('no subscription is the basic plan', () => {
    expect(statusOf([])).toEqual({
      isActive: false,
      plan: 'basic',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      status: 'none',
    });
  });

  it('an older canceled subscription never hides a newer active one, nor the reverse', () => {
    const old = record('canceled', '2026-01-01T00:00:00Z');
    const active = record('active', '2026-02-01T00:00:00Z', { cancelAtPeriodEnd: true });
    expect(currentSubscription([old, active])).toBe(active);
    expect(statusOf([active, old])).toMatchObject({
      isActive: true,
      plan: 'supernoek',
      cancelAtPeriodEnd: true,
    });
    const retry = record('incomplete', '2026-03-01T00:00:00Z');
    expect(currentSubscription([old, active, retry])).toBe(active);
    expect(statusOf([old, retry]).status).toBe('incomplete');
  });

  it('past due keeps the plan; canceled and unpaid end it', () => {
    expect(statusOf([record('past_due', '2026-01-01T00:00:00Z')])).toMatchObject({
      isActive: true,
      status: 'past_due',
    });
    expect(statusOf([record('unpaid', '2026-01-01T00:00:00Z')])).toMatchObject({
      isActive: false,
      plan: 'basic',
    });
    expect(statusOf([record('canceled', '2026-01-01T00:00:00Z', { cancelAtPeriodEnd: true })])).toMatchObject(
      {
        isActive: false,
        cancelAtPeriodEnd: false,
        status: 'canceled',
      },
    );
  });
});
