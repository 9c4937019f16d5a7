import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '@noek/contracts';
import { createInProcessEventBus } from '../events/in-process-event-bus';
import type { EventBus } from '../events/event-bus';
import { captureLogger } from '../testing/log-capture';
import { createMemoryOutboxDb } from '../testing/memory-outbox-db';
import { consumeOnce } from './consume-once';
import { enqueueEvent } from './enqueue-event';
import { createOutboxRelay } from './outbox-relay';

const logger = captureLogger().logger;
const event = (n: number): EventEnvelope => ({
  id: randomUUID(),
  type: 'chat.message.created.v1',
  time: new Date().toISOString(),
  correlationId: 'c',
  data: { n },
});

describe('enqueueEvent', () => {
  it('writes inside the transaction and disappears with a rollback', async () => {
    const db = createMemoryOutboxDb();
    await db.$transaction(async (tx) => enqueueEvent(tx, event(1)));
    await expect(
      db.$transaction(async (tx) => {
        await enqueueEvent(tx, event(2));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(db.rows().map((r) => (r.payload as EventEnvelope).data)).toEqual([{ n: 1 }]);
  });

  it('refuses an invalid envelope before it can block the outbox', async () => {
    const db = createMemoryOutboxDb();
    await expect(enqueueEvent(db, { ...event(1), type: 'Not A Subject' })).rejects.toThrow();
    expect(db.rows()).toHaveLength(0);
  });
});

describe('createOutboxRelay', () => {
  it('publishes unsent rows in order and marks them sent', async () => {
    const db = createMemoryOutboxDb();
    const bus = createInProcessEventBus();
    const got: unknown[] = [];
    await bus.subscribe({ durable: 'd', subjects: ['chat.>'], handler: async (e) => void got.push(e.data) });
    for (const n of [1, 2, 3]) await enqueueEvent(db, event(n));
    const relay = createOutboxRelay({ db, bus, logger, batchSize: 2 });
    expect(await relay.flush()).toBe(3);
    expect(await relay.flush()).toBe(0);
    // Published is not yet handled: the subscriber gets them in its own time.
    await expect.poll(() => got).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(db.rows().every((r) => r.sentAt instanceof Date)).toBe(true);
    await bus.close();
  });

  it('keeps the order of several events written in one transaction', async () => {
    const db = createMemoryOutboxDb();
    const published: unknown[] = [];
    const bus = createInProcessEventBus();
    await bus.subscribe({
      durable: 'd',
      subjects: ['chat.>'],
      handler: async (e) => void published.push(e.data),
    });
    await db.$transaction(async (tx) => {
      for (let n = 1; n <= 20; n += 1) await enqueueEvent(tx, event(n));
    });
    const times = db.rows().map((r) => r.createdAt.getTime());
    expect(new Set(times).size).toBe(20);
    await createOutboxRelay({ db, bus, logger }).flush();
    await expect.poll(() => published).toEqual(Array.from({ length: 20 }, (_, i) => ({ n: i + 1 })));
    await bus.close();
  });

  it('stops at a failed publish to keep order, counts the attempt, and resumes', async () => {
    const db = createMemoryOutboxDb();
    const published: unknown[] = [];
    let failNext = true;
    const bus: EventBus = {
      async publish(e) {
        if (failNext) {
          failNext = false;
          throw new Error('nats down');
        }
        published.push(e.data);
      },
      subscribe: () => Promise.reject(new Error('unused')),
      follow: () => Promise.reject(new Error('unused')),
      broadcast: () => undefined,
      listen: () => Promise.reject(new Error('unused')),
      isHealthy: () => true,
      close: async () => {},
    };
    for (const n of [1, 2]) await enqueueEvent(db, event(n));
    const relay = createOutboxRelay({ db, bus, logger });
    expect(await relay.flush()).toBe(0);
    expect(db.rows()[0]!.attempts).toBe(1);
    expect(await relay.flush()).toBe(2);
    expect(published).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('is harmless when it dies between publish and mark-sent (publish de-dup by id)', async () => {
    const db = createMemoryOutboxDb();
    const bus = createInProcessEventBus();
    const got: string[] = [];
    await bus.subscribe({ durable: 'd', subjects: ['chat.>'], handler: async (e) => void got.push(e.id) });
    const e = event(1);
    await enqueueEvent(db, e);
    // First relay "crashes" right after publishing: marking sent fails.
    const crashing = {
      outboxEvent: { ...db.outboxEvent, updateMany: () => Promise.reject(new Error('killed')) },
    };
    await expect(createOutboxRelay({ db: crashing, bus, logger }).flush()).rejects.toThrow('killed');
    expect(await createOutboxRelay({ db, bus, logger }).flush()).toBe(1);
    // A later event marks the end: the subscriber handles in order, so once it has that one it has had
    // every copy of `e` it will ever get (no guessing how long a second copy would take).
    const last = event(2);
    await enqueueEvent(db, last);
    expect(await createOutboxRelay({ db, bus, logger }).flush()).toBe(1);
    await expect.poll(() => got.includes(last.id)).toBe(true);
    expect(got).toEqual([e.id, last.id]);
    await bus.close();
  });

  it('polls after start() and stops cleanly', async () => {
    const db = createMemoryOutboxDb();
    const bus = createInProcessEventBus();
    vi.useFakeTimers();
    try {
      const relay = createOutboxRelay({ db, bus, logger, intervalMs: 10 });
      relay.start();
      await enqueueEvent(db, event(1));
      await vi.advanceTimersByTimeAsync(10);
      expect(db.rows()[0]!.sentAt).not.toBeNull();
      await relay.stop();
      await enqueueEvent(db, event(2));
      // Ten poll intervals on the relay's clock: a relay still polling would have sent it.
      await vi.advanceTimersByTimeAsync(100);
      expect(db.rows()[1]!.sentAt).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    await bus.close();
  });

  it('publishes at once when woken (a commit notified), long before its poll', async () => {
    const db = createMemoryOutboxDb();
    const bus = createInProcessEventBus();
    let wake: (() => void) | undefined;
    let listening = true;
    const relay = createOutboxRelay({
      db,
      bus,
      logger,
      intervalMs: 60_000,
      wakeups: async (w) => {
        wake = w;
        return async () => void (listening = false);
      },
    });
    const polls = vi.spyOn(db.outboxEvent, 'findMany');
    relay.start();
    await expect.poll(() => polls.mock.calls.length).toBe(1); // the first poll (at start) found nothing
    await enqueueEvent(db, event(1));
    wake!();
    // Well within a second; the next poll is a minute away.
    await expect.poll(() => db.rows()[0]!.sentAt).not.toBeNull();
    await relay.stop();
    expect(listening).toBe(false);
    await bus.close();
  });
});

describe('consumeOnce', () => {
  it('runs work once per consumer and event', async () => {
    const db = createMemoryOutboxDb();
    const e = event(1);
    let effects = 0;
    const work = async () => void (effects += 1);
    expect(await consumeOnce(db, 'chat-users', e, work)).toBe('processed');
    expect(await consumeOnce(db, 'chat-users', e, work)).toBe('duplicate');
    expect(await consumeOnce(db, 'other-consumer', e, work)).toBe('processed');
    expect(effects).toBe(2);
  });

  it('records nothing when work throws, so a redelivery runs it again', async () => {
    const db = createMemoryOutboxDb();
    const e = event(1);
    await expect(consumeOnce(db, 'c', e, async () => Promise.reject(new Error('db hiccup')))).rejects.toThrow(
      'db hiccup',
    );
    expect(db.processedCount()).toBe(0);
    expect(await consumeOnce(db, 'c', e, async () => {})).toBe('processed');
  });

  it('does not mistake a unique violation inside work for a duplicate', async () => {
    const db = createMemoryOutboxDb();
    const err = Object.assign(new Error('email taken'), { code: 'P2002' });
    await expect(consumeOnce(db, 'c', event(1), async () => Promise.reject(err))).rejects.toThrow(
      'email taken',
    );
  });

  it('lets work enqueue follow-up events in the same transaction', async () => {
    const db = createMemoryOutboxDb();
    await consumeOnce(db, 'c', event(1), async (tx) => enqueueEvent(tx, event(2)));
    expect(db.rows()).toHaveLength(1);
  });
});
