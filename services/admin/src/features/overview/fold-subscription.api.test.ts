import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionChangedData } from '@noek/contracts';
import { openAdminDatabase, type AdminDb } from '../../database';
import { foldSubscriptionChanged } from './fold-subscription';
import { createOverviewRepository } from './overview.repository';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const SCHEMA = `admin_fold_sub_${randomUUID().slice(0, 8)}`;
let db: AdminDb;

beforeAll(async () => {
  db = await openAdminDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema: SCHEMA });
});
afterAll(async () => {
  await db?.$disconnect();
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await c.end();
});

const snapshot = (
  userId: string,
  day: string,
  status: SubscriptionChangedData['status'],
  over: Partial<SubscriptionChangedData> = {},
): SubscriptionChangedData => ({
  userId,
  plan: status === 'canceled' ? 'basic' : 'supernoek',
  status,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  changedAt: `2027-04-${day}T12:00:00.000Z`,
  amountCents: 3000,
  ...over,
});
const fold = (d: SubscriptionChangedData) => db.$transaction((tx) => foldSubscriptionChanged(tx, d));

/** Each metric's total per day of April 2027, only the days with something. */
async function counters(): Promise<Record<string, Record<string, number>>> {
  const series = await createOverviewRepository(db).counters('2027-04-01', '2027-04-30');
  const out: Record<string, Record<string, number>> = {};
  for (const [metric, values] of series)
    values.forEach((v, i) => {
      if (v !== 0) (out[metric] ??= {})[`${i + 1}`] = v;
    });
  return out;
}

describe('subscription snapshots folded into transitions', () => {
  it('starting to pay is a new subscription, past due still pays, stopping is a cancellation; MRR follows', async () => {
    const u = randomUUID();
    await fold(snapshot(u, '01', 'incomplete', { plan: 'basic' }));
    await fold(snapshot(u, '02', 'active'));
    await fold(snapshot(u, '03', 'active', { cancelAtPeriodEnd: true }));
    await fold(snapshot(u, '04', 'past_due'));
    await fold(snapshot(u, '05', 'canceled'));
    expect(await counters()).toEqual({
      'new-subscriptions': { 2: 1 },
      'paying-change': { 2: 1, 5: -1 },
      'mrr-change-cents': { 2: 3000, 5: -3000 },
      cancellations: { 5: 1 },
    });
  });

  it('an older snapshot than the one kept (or the same one again) changes nothing', async () => {
    const u = randomUUID();
    await fold(snapshot(u, '10', 'active'));
    const before = await counters();
    await fold(snapshot(u, '09', 'canceled'));
    await fold(snapshot(u, '10', 'canceled'));
    expect(await counters()).toEqual(before);
  });

  it('a price change moves MRR by the difference; a snapshot without an amount uses the plan price', async () => {
    const u = randomUUID();
    await fold(snapshot(u, '20', 'active', { amountCents: 3000 }));
    await fold(snapshot(u, '21', 'active', { amountCents: 2500 }));
    const v = randomUUID();
    await fold(snapshot(v, '22', 'active', { amountCents: undefined }));
    const c = await counters();
    expect(c['mrr-change-cents']?.['21']).toBe(-500);
    expect(c['mrr-change-cents']?.['22']).toBeGreaterThan(0);
    expect(c['new-subscriptions']?.['21']).toBeUndefined();
  });
});
