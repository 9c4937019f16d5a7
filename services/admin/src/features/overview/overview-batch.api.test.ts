import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@noek/contracts';
import { openAdminDatabase, type AdminDb } from '../../database';
import { TEST_DATABASE_URL } from '../../test/admin-stack';
import { addDays } from './build-overview';
import { foldOverviewBatch } from './overview.consumer';
import { createOverviewRepository } from './overview.repository';

const SCHEMA = 'admin_api_overview_batch';
const CONSUMER = 'batch-test';
let db: AdminDb;

async function dropSchema(): Promise<void> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await c.end();
}

beforeAll(async () => {
  await dropSchema();
  db = await openAdminDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema: SCHEMA });
});
afterAll(async () => {
  await db?.$disconnect();
  await dropSchema();
});

const event = (type: string, data: Record<string, unknown>): EventEnvelope => ({
  id: randomUUID(),
  type,
  time: new Date().toISOString(),
  correlationId: randomUUID(),
  data,
});
const sent = (userId: string, at: string) =>
  event('chat.message.sent.v1', {
    userId,
    conversationId: 1,
    messageId: 1,
    at,
    model: 'm',
    accessLevel: 'basic',
  });
const signedIn = (userId: string, at: string) => event('auth.user.signed-in.v1', { userId, at });
const paying = (userId: string, changedAt: string) =>
  event('billing.subscription.changed.v1', {
    userId,
    plan: 'premium',
    status: 'active',
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    changedAt,
    amountCents: 1000,
  });

/** The days with a count of one metric's total, e.g. { '2025-03-03': 2 }. */
async function totals(metric: string, from: string, to: string): Promise<Record<string, number>> {
  const values = (await createOverviewRepository(db).counters(from, to)).get(metric) ?? [];
  return Object.fromEntries(values.flatMap((v, i) => (v === 0 ? [] : [[addDays(from, i), v]])));
}

describe('overview folding in batches', () => {
  it('folds a batch in one go: duplicates and redeliveries count once, actives once per day and week', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const first = sent(a, '2025-03-03T10:00:00.000Z'); // a Monday
    const batch = [
      first,
      first, // the same id twice in one batch
      sent(a, '2025-03-03T11:00:00.000Z'),
      signedIn(a, '2025-03-04T08:00:00.000Z'),
      sent(b, '2025-03-04T09:00:00.000Z'),
      signedIn(b, '2025-03-04T10:00:00.000Z'),
      paying(b, '2025-03-04T12:00:00.000Z'),
    ];
    await foldOverviewBatch(db, CONSUMER, batch);
    await foldOverviewBatch(db, CONSUMER, batch.slice(2)); // redelivered: nothing new
    expect(await totals('messages', '2025-03-03', '2025-03-09')).toEqual({
      '2025-03-03': 2,
      '2025-03-04': 1,
    });
    expect(await totals('daily-active-users', '2025-03-03', '2025-03-09')).toEqual({
      '2025-03-03': 1,
      '2025-03-04': 2,
    });
    // Counted on the day of their first activity in the week.
    expect(await totals('weekly-active-users', '2025-03-03', '2025-03-09')).toEqual({
      '2025-03-03': 1,
      '2025-03-04': 1,
    });
    expect(await totals('new-subscriptions', '2025-03-03', '2025-03-09')).toEqual({ '2025-03-04': 1 });
    expect(await totals('mrr-change-cents', '2025-03-03', '2025-03-09')).toEqual({ '2025-03-04': 1000 });
  });

  it('commits all of a batch or nothing of it', async () => {
    const u = randomUUID();
    const good = sent(u, '2025-04-07T10:00:00.000Z');
    const broken = signedIn('not-a-uuid', '2025-04-07T11:00:00.000Z');
    await expect(
      foldOverviewBatch(db, CONSUMER, [good, broken, paying(u, '2025-04-07T12:00:00.000Z')]),
    ).rejects.toThrow();
    expect(await totals('messages', '2025-04-07', '2025-04-07')).toEqual({});
    expect(await totals('new-subscriptions', '2025-04-07', '2025-04-07')).toEqual({});
    // Handed over again without the poison event (as the consumer does, one by one), it folds.
    await foldOverviewBatch(db, CONSUMER, [good]);
    expect(await totals('messages', '2025-04-07', '2025-04-07')).toEqual({ '2025-04-07': 1 });
  });
});
