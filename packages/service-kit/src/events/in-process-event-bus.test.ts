import { describe, expect, it, vi } from 'vitest';
import { eventBusContract, uniquePrefix } from './event-bus.contract';
import { createInProcessEventBus } from './in-process-event-bus';
import { subjectMatches } from './event-bus';

eventBusContract('in-process', async () => ({
  bus: createInProcessEventBus(),
  prefix: uniquePrefix(),
  dlqPrefix: 'dlq',
  cleanup: async () => {},
}));

describe('subjectMatches', () => {
  it.each([
    ['a.b.c', 'a.b.c', true],
    ['a.*.c', 'a.x.c', true],
    ['a.*', 'a.x.c', false],
    ['a.>', 'a.x.c', true],
    ['a.>', 'a', false],
    ['a.b', 'a.b.c', false],
    ['a.b.c', 'a.b', false],
  ])('%s vs %s -> %s', (p, s, expected) => expect(subjectMatches(p, s)).toBe(expected));
});

describe('in-process bus specifics', () => {
  it('lists dead letters with the error and keeps the consumer going', async () => {
    const bus = createInProcessEventBus();
    const ok: string[] = [];
    await bus.subscribe({
      durable: 'c',
      subjects: ['svc.>'],
      maxDeliver: 2,
      retryDelayMs: 1,
      handler: async (e) => {
        if ((e.data as { bad?: boolean }).bad) throw new Error('nope');
        ok.push(e.id);
      },
    });
    const base = { type: 'svc.thing.created.v1', time: new Date().toISOString(), correlationId: 'c' };
    await bus.publish({ ...base, id: 'bad', data: { bad: true } });
    await bus.publish({ ...base, id: 'good', data: {} });
    // The consumer handles one event at a time: 'good' is handled once 'bad' was dead-lettered.
    await expect.poll(() => ok).toEqual(['good']);
    expect(bus.deadLetters).toMatchObject([
      { durable: 'c', error: 'nope', deliveries: 2, envelope: { id: 'bad' } },
    ]);
    await bus.close();
  });

  it('forgets ids after the duplicate window', async () => {
    const bus = createInProcessEventBus({ duplicateWindowMs: 20 });
    const got: string[] = [];
    await bus.subscribe({ durable: 'c', subjects: ['svc.>'], handler: async (e) => void got.push(e.id) });
    const e = {
      id: 'x',
      type: 'svc.thing.created.v1',
      time: new Date().toISOString(),
      correlationId: 'c',
      data: {},
    };
    await bus.publish(e);
    // Past the 20 ms window on the bus's clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 40);
      await bus.publish(e);
    } finally {
      vi.useRealTimers();
    }
    await expect.poll(() => got).toEqual(['x', 'x']);
    await bus.close();
  });
});
