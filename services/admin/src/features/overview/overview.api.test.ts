import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiRoutes,
  feedbackCountsSchema,
  noekStreamSubjects,
  overviewResponseSchema,
  type EventEnvelope,
  type OverviewResponse,
} from '@noek/contracts';
import { createLogger, createNatsEventBus, type EventBus } from '@noek/service-kit';
import { startAdminStack, TEST_NATS_URL, type AdminStack, type TestClient } from '../../test/admin-stack';
import { signInAdmin, signUp, type Member } from '../../test/flows';

let stack: AdminStack;
let admin: { c: TestClient; id: string };
let member: Member;
let bus: EventBus;

const [u1, u2, u3] = [randomUUID(), randomUUID(), randomUUID()];
const at = (day: string, time = '10:00:00') => `2026-01-${day}T${time}.000Z`;
const event = (type: string, data: Record<string, unknown>, id = randomUUID()): EventEnvelope => ({
  id,
  type,
  time: new Date().toISOString(),
  correlationId: randomUUID(),
  data,
});
const registered = (userId: string, day: string) =>
  event('auth.user.registered.v1', {
    userId,
    name: 'N',
    email: `${userId}@example.test`,
    accessLevel: 'basic',
    registeredAt: at(day),
  });
let messageId = 1;
const sent = (userId: string, day: string, model?: string, accessLevel?: string) =>
  event('chat.message.sent.v1', {
    userId,
    conversationId: 1,
    messageId: messageId++,
    at: at(day),
    ...(model ? { model } : {}),
    ...(accessLevel ? { accessLevel } : {}),
  });
const reply = (
  userId: string,
  day: string,
  model: string,
  accessLevel: string,
  outcome: string,
  p: number,
  c: number,
) =>
  event('chat.reply.finished.v1', {
    userId,
    conversationId: 1,
    messageId: messageId++,
    model,
    accessLevel,
    outcome,
    promptTokens: p,
    completionTokens: c,
    at: at(day),
  });
const subscription = (userId: string, day: string, status: string, amountCents?: number) =>
  event('billing.subscription.changed.v1', {
    userId,
    plan: 'supernoek',
    status,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    changedAt: at(day),
    ...(amountCents !== undefined ? { amountCents } : {}),
  });

/** A known history in January 2026 (far from today's live events of the stack). Week of Monday the 5th. */
function history(): EventEnvelope[] {
  const duplicate = sent(u2, '05', 'model-a', 'basic');
  return [
    subscription(u1, '01', 'active', 3000), // before the range: MRR 30, one paying
    registered(u1, '05'),
    registered(u2, '05'),
    registered(u3, '06'),
    event('auth.user.signed-in.v1', { userId: u1, at: at('05', '08:00:00') }),
    event('auth.user.signed-in.v1', { userId: u1, at: at('05', '09:00:00') }),
    duplicate,
    duplicate, // redelivered: counted once
    reply(u2, '05', 'model-a', 'basic', 'completed', 10, 20),
    sent(u1, '06', 'model-b', 'supernoek'),
    sent(u1, '06', 'model-b', 'supernoek'),
    reply(u1, '06', 'model-b', 'supernoek', 'interrupted', 5, 5),
    reply(u1, '06', 'model-b', 'supernoek', 'failed', 0, 0),
    subscription(u2, '06', 'active'), // no amount: the plan's price
    sent(u3, '07'), // an older payload: no model, no level
    subscription(u1, '07', 'canceled'),
    subscription(u2, '04', 'canceled'), // older than the snapshot kept: ignored
    registered(randomUUID(), '12'), // the next Monday: weekly actives start again
  ];
}

const values = (o: OverviewResponse, key: string) => o.series.find((s) => s.key === key)?.values;

beforeAll(async () => {
  stack = await startAdminStack();
  admin = await signInAdmin(stack);
  member = await signUp(stack, 'overview');
  bus = createNatsEventBus({
    url: TEST_NATS_URL,
    logger: createLogger({ name: 'overview-test', level: 'silent' }),
    subjects: noekStreamSubjects,
    name: 'overview-test',
  });
  for (const e of history()) await bus.publish(e);
});
afterAll(async () => {
  await bus?.close();
  await stack?.close();
});

const range = '?from=2026-01-05&to=2026-01-12';

describe('admin overview', () => {
  it('answers every figure of a known event history, day by day', async () => {
    const path = `${apiRoutes.admin.overview.path}${range}`;
    let o!: OverviewResponse;
    await expect
      .poll(
        async () => {
          const res = await admin.c.get(path);
          o = overviewResponseSchema.parse(res.body);
          return values(o, 'sign-ups');
        },
        { timeout: 15_000 },
      )
      .toEqual([2, 1, 0, 0, 0, 0, 0, 1]);
    expect(o.days).toEqual([
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
      '2026-01-11',
      '2026-01-12',
    ]);
    const z = [0, 0, 0, 0, 0];
    expect(values(o, 'daily-active-users')).toEqual([2, 1, 1, ...z]);
    expect(values(o, 'weekly-active-users')).toEqual([2, 2, 3, 3, 3, 3, 3, 0]);
    expect(values(o, 'messages')).toEqual([1, 2, 1, ...z]);
    expect(values(o, 'messages.model.model-a')).toEqual([1, 0, 0, ...z]);
    expect(values(o, 'messages.model.model-b')).toEqual([0, 2, 0, ...z]);
    expect(values(o, 'messages.model.unknown')).toEqual([0, 0, 1, ...z]);
    expect(values(o, 'messages.plan.basic')).toEqual([1, 0, 0, ...z]);
    expect(values(o, 'messages.plan.supernoek')).toEqual([0, 2, 0, ...z]);
    expect(values(o, 'tokens')).toEqual([30, 10, 0, ...z]);
    expect(values(o, 'tokens.model.model-a')).toEqual([30, 0, 0, ...z]);
    expect(values(o, 'tokens.plan.supernoek')).toEqual([0, 10, 0, ...z]);
    expect(values(o, 'new-subscriptions')).toEqual([0, 1, 0, ...z]);
    expect(values(o, 'cancellations')).toEqual([0, 0, 1, ...z]);
    expect(values(o, 'mrr-usd')).toEqual([30, 60, 30, 30, 30, 30, 30, 30]);
    expect(values(o, 'churn-percent')).toEqual([0, 0, 50, ...z]);
    expect(values(o, 'replies-completed')).toEqual([1, 0, 0, ...z]);
    expect(values(o, 'replies-interrupted')).toEqual([0, 1, 0, ...z]);
    expect(values(o, 'replies-failed')).toEqual([0, 1, 0, ...z]);
    expect(values(o, 'replies-failed.model.model-b')).toEqual([0, 1, 0, ...z]);
  });

  it('carries the levels from before a custom range (MRR, churn) and counts the week to date', async () => {
    const res = await admin.c.get(`${apiRoutes.admin.overview.path}?from=2026-01-07&to=2026-01-07`);
    expect(res.status).toBe(200);
    const o = overviewResponseSchema.parse(res.body);
    expect(o.days).toEqual(['2026-01-07']);
    expect(values(o, 'mrr-usd')).toEqual([30]);
    expect(values(o, 'churn-percent')).toEqual([50]);
    expect(values(o, 'weekly-active-users')).toEqual([3]);
  });

  it('exports every series as CSV, one row per day', async () => {
    const json = overviewResponseSchema.parse(
      (await admin.c.get(`${apiRoutes.admin.overview.path}${range}`)).body,
    );
    const res = await admin.c.get(`${apiRoutes.admin.overviewCsv.path}${range}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('noek-overview-2026-01-05-2026-01-12.csv');
    const [header, ...rows] = res.text
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(header).toEqual(['day', ...json.series.map((s) => s.key)]);
    expect(rows).toHaveLength(8);
    const col = (key: string) => rows.map((r) => Number(r[header!.indexOf(key)]));
    expect(col('mrr-usd')).toEqual([30, 60, 30, 30, 30, 30, 30, 30]);
    expect(col('weekly-active-users')).toEqual([2, 2, 3, 3, 3, 3, 3, 0]);
  });

  it('answers the presets up to today and refuses bad ranges', async () => {
    for (const days of [7, 30, 90]) {
      const o = overviewResponseSchema.parse(
        (await admin.c.get(`${apiRoutes.admin.overview.path}?days=${days}`)).body,
      );
      expect(o.days).toHaveLength(days);
      expect(o.to).toBe(new Date().toISOString().slice(0, 10));
    }
    for (const q of [
      '?days=14',
      '?from=2026-01-05',
      '?from=2026-01-09&to=2026-01-05',
      '?from=2020-01-01&to=2026-01-01',
    ])
      expect((await admin.c.get(`${apiRoutes.admin.overview.path}${q}`)).status, q).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await member.c.get(apiRoutes.admin.overview.path)).status).toBe(403);
    expect((await member.c.get(apiRoutes.admin.overviewCsv.path)).status).toBe(403);
    expect((await stack.client().get(apiRoutes.admin.overview.path)).status).toBe(401);
  });
});

describe('admin feedback per model', () => {
  const [modelA, modelB] = [`fb-a-${randomUUID()}`, `fb-b-${randomUUID()}`];
  const vote = (messageId: number, model: string, rating: 'up' | 'down' | null, second: number) =>
    event('chat.message.feedback-given.v1', {
      userId: u1,
      conversationId: 1,
      messageId,
      model,
      rating,
      at: `2026-01-05T10:00:${String(second).padStart(2, '0')}.000Z`,
    });

  it('counts the last vote on each reply per model from chat events: changed, taken back, once', async () => {
    const [m1, m2, m3, m4] = [messageId++, messageId++, messageId++, messageId++];
    const b3 = vote(m3, modelB, 'up', 1);
    for (const e of [
      vote(m1, modelA, 'up', 1),
      vote(m2, modelA, 'down', 1),
      b3,
      b3, // redelivered: counted once
      vote(m1, modelA, 'down', 2), // changed: the up moves to down
      vote(m2, modelA, null, 3), // taken back
      vote(m1, modelA, 'up', 0), // older than the vote kept: ignored
      vote(m3, modelB, 'up', 4), // the same vote again: no second count
      vote(m4, modelB, 'down', 5), // last: once it counts, every vote above was folded
    ])
      await bus.publish(e);
    const ours = async () => {
      const res = await admin.c.get(apiRoutes.admin.feedback.path);
      expect(res.status).toBe(200);
      return feedbackCountsSchema.parse(res.body).filter((r) => r.model === modelA || r.model === modelB);
    };
    await expect.poll(ours, { timeout: 15_000 }).toEqual([
      { model: modelB, up: 1, down: 1 },
      { model: modelA, up: 0, down: 1 },
    ]);
  });

  it('is for admins only', async () => {
    expect((await member.c.get(apiRoutes.admin.feedback.path)).status).toBe(403);
    expect((await stack.client().get(apiRoutes.admin.feedback.path)).status).toBe(401);
  });
});
