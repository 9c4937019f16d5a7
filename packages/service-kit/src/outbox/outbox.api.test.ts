import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@noek/contracts';
import { createNatsEventBus } from '../events/nats-event-bus';
import { uniquePrefix } from '../events/event-bus.contract';
import { captureLogger } from '../testing/log-capture';
import { createPgOutboxDb } from '../testing/pg-outbox-db';
import { slowWork } from '../testing/slow-work';
import { consumeOnce } from './consume-once';
import { enqueueEvent } from './enqueue-event';
import { createOutboxRelay } from './outbox-relay';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const prefix = uniquePrefix();
const streamName = `TEST_${prefix.toUpperCase()}`;
const logger = captureLogger().logger;

let db: Awaited<ReturnType<typeof createPgOutboxDb>>;
beforeAll(async () => {
  db = await createPgOutboxDb(DATABASE_URL, `sk_${prefix}`);
});
afterAll(async () => {
  await db.drop();
  const nc = await connect({ servers: NATS_URL });
  await (await jetstreamManager(nc)).streams.delete(streamName).catch(() => false);
  await nc.close();
});

const event = (n: number): EventEnvelope => ({
  id: randomUUID(),
  type: `${prefix}.note.created.v1`,
  time: new Date().toISOString(),
  correlationId: 'c',
  data: { n },
});

describe('outbox against PostgreSQL and NATS', () => {
  it('publishes committed events once, in order, even after a crash before mark-sent', async () => {
    const bus = createNatsEventBus({
      url: NATS_URL,
      logger,
      streamName,
      subjects: [`${prefix}.>`],
      dlqPrefix: `${prefix}dlq`,
    });
    const got: unknown[] = [];
    await bus.subscribe({
      durable: 'outbox-test',
      subjects: [`${prefix}.>`],
      handler: async (e) => void got.push(e.data),
    });

    await db.$transaction(async (tx) => {
      await enqueueEvent(tx, event(1));
      await enqueueEvent(tx, event(2));
    });
    await expect(
      db.$transaction(async (tx) => {
        await enqueueEvent(tx, event(99));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();
    await enqueueEvent(db, event(3));

    // The first relay dies after publishing the first row, before marking it sent.
    const dying = {
      outboxEvent: { ...db.outboxEvent, updateMany: () => Promise.reject(new Error('killed')) },
    };
    await expect(createOutboxRelay({ db: dying, bus, logger }).flush()).rejects.toThrow('killed');
    expect(await createOutboxRelay({ db, bus, logger }).flush()).toBe(3);

    // A sentinel published after them: a duplicate would be in the stream before it, so would arrive first.
    await enqueueEvent(db, event(4));
    expect(await createOutboxRelay({ db, bus, logger }).flush()).toBe(1);
    await expect.poll(() => got.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    expect(got).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM outbox_events WHERE "sentAt" IS NULL');
    expect(rows[0].n).toBe(0);
    await bus.close();
  });

  it('consumeOnce has one effect when the same event is handled concurrently', async () => {
    const e = event(1);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        consumeOnce(db, 'race', e, async (tx) => {
          await tx.query('INSERT INTO effects (note) VALUES ($1)', [`effect-${e.id}-${randomUUID()}`]);
          await slowWork(50); // holds the first transaction open while the others arrive
        }),
      ),
    );
    expect(results.filter((r) => r === 'processed')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(4);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM effects WHERE note LIKE $1', [
      `effect-${e.id}-%`,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('rolls back the processed row with failed work, and reports unique violations from work as errors', async () => {
    const e = event(2);
    await expect(consumeOnce(db, 'c', e, async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(
      await db.processedEvent.findUnique({ where: { consumer_eventId: { consumer: 'c', eventId: e.id } } }),
    ).toBeNull();

    await db.query("INSERT INTO effects (note) VALUES ('taken')");
    await expect(
      consumeOnce(
        db,
        'c',
        e,
        async (tx) => void (await tx.query("INSERT INTO effects (note) VALUES ('taken')")),
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await consumeOnce(db, 'c', e, async () => {})).toBe('processed');
  });
});
