import { describe, expect, it } from 'vitest';
import type { SubscriptionChangedData } from '@noek/contracts';
import { levelAfterSubscription } from './subscription-level';

const change = (
  status: SubscriptionChangedData['status'],
  plan: SubscriptionChangedData['plan'] = 'supernoek',
): SubscriptionChangedData => ({
  userId: '6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f',
  plan,
  status,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  changedAt: new Date().toISOString(),
});

describe('level from subscription changes', () => {
  it('an active supernoek subscription raises basic only', () => {
    expect(levelAfterSubscription({ accessLevel: 'basic', paidSupernoek: false }, change('active'))).toEqual({
      accessLevel: 'supernoek',
      paidSupernoek: true,
    });
    expect(
      levelAfterSubscription({ accessLevel: 'premium', paidSupernoek: false }, change('active')),
    ).toBeNull();
    expect(
      levelAfterSubscription({ accessLevel: 'admin', paidSupernoek: false }, change('active')),
    ).toBeNull();
  });

  it('a lapsed subscription returns a paid supernoek to basic, never a granted one', () => {
    for (const s of ['canceled', 'unpaid', 'past_due', 'incomplete', 'none'] as const) {
      expect(levelAfterSubscription({ accessLevel: 'supernoek', paidSupernoek: true }, change(s))).toEqual({
        accessLevel: 'basic',
        paidSupernoek: false,
      });
      expect(
        levelAfterSubscription({ accessLevel: 'supernoek', paidSupernoek: false }, change(s)),
      ).toBeNull();
    }
    expect(
      levelAfterSubscription({ accessLevel: 'supernoek', paidSupernoek: true }, change('active', 'basic')),
    ).toEqual({ accessLevel: 'basic', paidSupernoek: false });
  });
});
