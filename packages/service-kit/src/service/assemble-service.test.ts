import express from 'express';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@noek/contracts';
import { createInProcessEventBus } from '../events/in-process-event-bus';
import { enqueueEvent } from '../outbox/enqueue-event';
import { captureLogger } from '../testing/log-capture';
import { createMemoryOutboxDb } from '../testing/memory-outbox-db';
import { assembleService } from './assemble-service';

const envelope = (id: string): EventEnvelope => ({
  id,
  type: 'test.thing.happened.v1',
  time: new Date().toISOString(),
  correlationId: id,
  data: {},
});

describe('assembleService', () => {
  it('starts guard, parts, consumers and relay, and stops them in the one order with a final flush', async () => {
    const db = createMemoryOutboxDb();
    const bus = createInProcessEventBus();
    const published: string[] = [];
    await bus.subscribe({
      durable: 'observer',
      subjects: ['test.>'],
      handler: async (e) => void published.push(e.id),
    });
    const order: string[] = [];
    const service = assembleService(
      'test',
      {
        db,
        bus,
        logger: captureLogger().logger,
        guard: {
          start: async () => void order.push('guard start'),
          stop: async () => void order.push('guard stop'),
        },
      },
      () => ({
        app: express(),
        ctx: {},
        consumers: [
          {
            name: 'things',
            subscribe: async () => {
              order.push('consumer subscribed');
              return { durable: 'things', stop: async () => void order.push('consumer stop') };
            },
          },
        ],
        start: () => void order.push('parts start'),
        // Work that ends during the shutdown writes an event: the final flush publishes it.
        stop: async () => {
          order.push('parts stop');
          await enqueueEvent(db, envelope('written-while-stopping'));
        },
      }),
    );
    await service.start();
    await service.consumersReady();
    await service.stop();
    expect(order).toEqual([
      'guard start',
      'parts start',
      'consumer subscribed',
      'guard stop',
      'parts stop',
      'consumer stop',
    ]);
    expect(published).toContain('written-while-stopping');
    await bus.close();
  });

  it('afterPublish wakes the started relay, which publishes the committed event', async () => {
    const db = createMemoryOutboxDb();
    const bus = createInProcessEventBus();
    const published: string[] = [];
    await bus.subscribe({
      durable: 'observer',
      subjects: ['test.>'],
      handler: async (e) => void published.push(e.id),
    });
    let wake = () => undefined as void;
    const service = assembleService('test', { db, bus, logger: captureLogger().logger }, (kit) => {
      wake = kit.afterPublish;
      return { app: express(), ctx: {} };
    });
    await service.start();
    await expect
      .poll(async () => (await db.outboxEvent.findMany({ where: { sentAt: null }, take: 1 })).length)
      .toBe(0);
    await enqueueEvent(db, envelope('after-commit'));
    wake();
    await expect.poll(() => published).toContain('after-commit');
    await service.stop();
    await bus.close();
  });
});
