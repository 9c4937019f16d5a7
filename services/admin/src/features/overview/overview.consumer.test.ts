import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@noek/contracts';
import { counterFold, UNKNOWN_DIMENSION } from './overview.consumer';

const envelope = (type: string, data: Record<string, unknown>): EventEnvelope => ({
  id: randomUUID(),
  type,
  time: new Date().toISOString(),
  correlationId: randomUUID(),
  data,
});
const userId = randomUUID();

describe('what each event adds to the overview', () => {
  it('a sign-up adds one on its UTC day (not the day it arrived); nobody is active by signing up', () => {
    const e = envelope('auth.user.registered.v1', {
      userId,
      name: 'N',
      email: 'n@example.test',
      accessLevel: 'basic',
      registeredAt: '2026-01-05T23:59:59.000+00:00',
    });
    expect(counterFold(e)).toEqual({
      eventId: e.id,
      day: '2026-01-05',
      deltas: [{ metric: 'sign-ups', dimension: '', value: 1 }],
      activeUserId: null,
    });
  });

  it('a sign-in makes its user active that day and adds nothing else', () => {
    const e = envelope('auth.user.signed-in.v1', { userId, at: '2026-01-06T00:00:00.000Z' });
    expect(counterFold(e)).toMatchObject({ day: '2026-01-06', deltas: [], activeUserId: userId });
  });

  it('a message counts in total, per model and per plan; older events without them count as unknown', () => {
    const e = envelope('chat.message.sent.v1', {
      userId,
      conversationId: 1,
      messageId: 2,
      at: '2026-01-07T10:00:00.000Z',
      model: 'gpt-x',
      accessLevel: 'premium',
    });
    expect(counterFold(e)?.deltas).toEqual([
      { metric: 'messages', dimension: '', value: 1 },
      { metric: 'messages', dimension: 'model:gpt-x', value: 1 },
      { metric: 'messages', dimension: 'plan:premium', value: 1 },
    ]);
    expect(counterFold(e)?.activeUserId).toBe(userId);
    const old = envelope('chat.message.sent.v1', {
      userId,
      conversationId: 1,
      messageId: 3,
      at: '2026-01-07T10:00:00.000Z',
    });
    expect(counterFold(old)?.deltas.map((d) => d.dimension)).toEqual([
      '',
      `model:${UNKNOWN_DIMENSION}`,
      `plan:${UNKNOWN_DIMENSION}`,
    ]);
  });

  it('a finished reply counts by its outcome, and its tokens (prompt + completion) only when there are any', () => {
    const reply = (outcome: string, promptTokens: number, completionTokens: number) =>
      envelope('chat.reply.finished.v1', {
        userId,
        conversationId: 1,
        messageId: 4,
        model: 'm',
        accessLevel: 'basic',
        outcome,
        promptTokens,
        completionTokens,
        at: '2026-01-08T10:00:00.000Z',
      });
    const done = counterFold(reply('completed', 10, 32))!;
    expect(done.activeUserId).toBeNull();
    expect(done.deltas).toContainEqual({ metric: 'replies-completed', dimension: 'model:m', value: 1 });
    expect(done.deltas).toContainEqual({ metric: 'tokens', dimension: '', value: 42 });
    expect(done.deltas).toContainEqual({ metric: 'tokens', dimension: 'plan:basic', value: 42 });
    const failed = counterFold(reply('failed', 0, 0))!;
    expect(failed.deltas.map((d) => d.metric)).toEqual([
      'replies-failed',
      'replies-failed',
      'replies-failed',
    ]);
  });

  it('subscription snapshots and feedback votes are not counters: folded apart, in order', () => {
    expect(counterFold(envelope('billing.subscription.changed.v1', { userId }))).toBeNull();
    expect(counterFold(envelope('chat.message.feedback-given.v1', { userId }))).toBeNull();
  });
});
