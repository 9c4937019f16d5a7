import { describe, expect, it } from 'vitest';
import type { SubscriptionChangedData } from '@noek/contracts';
import { levelAfterSubscription, levelFromCauses } from './subscription-level';

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

describe('level from its causes', () => {
  it('premium and admin set by an admin are never moved', () => {
    for (const accessLevel of ['premium', 'admin'] as const) {
      for (const paidSupernoek of [true, false]) {
        for (const grantHolds of [true, false]) {
          expect(levelFromCauses({ accessLevel, paidSupernoek, grantHolds })).toBe(accessLevel);
        }
      }
    }
  });
  it('supernoek while a payment or a grant holds, else basic', () => {
    expect(levelFromCauses({ accessLevel: 'basic', paidSupernoek: true, grantHolds: false })).toBe(
      'supernoek',
    );
    expect(levelFromCauses({ accessLevel: 'basic', paidSupernoek: false, grantHolds: true })).toBe(
      'supernoek',
    );
    expect(levelFromCauses({ accessLevel: 'supernoek', paidSupernoek: false, grantHolds: false })).toBe(
      'basic',
    );
  });
});

describe('level from subscription changes', () => {
  it('an active supernoek subscription raises basic; premium and admin only record the payment', () => {
    expect(levelAfterSubscription({ accessLevel: 'basic', paidSupernoek: false }, change('active'))).toEqual({
      accessLevel: 'supernoek',
      paidSupernoek: true,
    });
    expect(
      levelAfterSubscription({ accessLevel: 'premium', paidSupernoek: false }, change('active')),
    ).toEqual({
      accessLevel: 'premium',
      paidSupernoek: true,
    });
    expect(
      levelAfterSubscription({ accessLevel: 'admin', paidSupernoek: true }, change('active')),
    ).toBeNull();
  });

  it('past due keeps the plan; a lapse returns a paid supernoek to basic, never a granted one', () => {
    expect(
      levelAfterSubscription({ accessLevel: 'supernoek', paidSupernoek: true }, change('past_due')),
    ).toBeNull();
    for (const s of ['canceled', 'unpaid', 'incomplete', 'none'] as const) {
      expect(levelAfterSubscription({ accessLevel: 'supernoek', paidSupernoek: true }, change(s))).toEqual({
        accessLevel: 'basic',
        paidSupernoek: false,
      });
      // A stored admin grant keeps supernoek; an expired one does not.
      const granted = {
        accessLevel: 'supernoek' as const,
        paidSupernoek: false,
        supernoekGrantedAt: new Date(),
      };
      expect(levelAfterSubscription({ ...granted, supernoekGrantExpiresAt: null }, change(s))).toBeNull();
      expect(
        levelAfterSubscription(
          { ...granted, supernoekGrantExpiresAt: new Date(Date.now() - 1000) },
          change(s),
        ),
      ).toEqual({ accessLevel: 'basic', paidSupernoek: false });
    }
    expect(
      levelAfterSubscription({ accessLevel: 'supernoek', paidSupernoek: true }, change('active', 'basic')),
    ).toEqual({ accessLevel: 'basic', paidSupernoek: false });
  });

  it('a grant also keeps supernoek when the paid subscription ends', () => {
    expect(
      levelAfterSubscription({ accessLevel: 'supernoek', paidSupernoek: true }, change('canceled'), true),
    ).toEqual({ accessLevel: 'supernoek', paidSupernoek: false });
  });
});
