import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@noek/contracts';
import { createInProcessEventBus } from './in-process-event-bus';

/** A subject list that counts how often the bus matches against it: the cost of a publish for a durable. */
class CountingSubjects extends Array<string> {
  checks = 0;
  override some(predicate: (value: string, index: number, array: string[]) => unknown): boolean {
    this.checks += 1;
    return super.some(predicate);
  }
}

const envelope = (id: string, type: string): EventEnvelope => ({
  id,
  type,
  time: new Date().toISOString(),
  correlationId: id,
  data: {},
});

describe('in-process bus cost per publish', () => {
  it('checks each new message once per durable, however many unmatched messages are retained', async () => {
    const bus = createInProcessEventBus();
    const subjects = CountingSubjects.from(['wanted.>']) as CountingSubjects;
    const got: string[] = [];
    await bus.subscribe({ durable: 'c', subjects, handler: async (e) => void got.push(e.id) });
    for (let i = 0; i < 3000; i += 1) await bus.publish(envelope(`other-${i}`, 'other.thing.happened.v1'));
    await bus.publish(envelope('hit', 'wanted.thing.happened.v1'));
    await expect.poll(() => got).toEqual(['hit']);
    // A rescan from the cursor on every publish would make this about 3000 * 3000 / 2 checks.
    expect(subjects.checks).toBeLessThanOrEqual(2 * 3001);
    await bus.close();
  });

  it('keeps at least maxRetained messages for durables created later, trimming in batches', async () => {
    const bus = createInProcessEventBus({ maxRetained: 80 });
    for (let i = 0; i < 1000; i += 1) await bus.publish(envelope(`e-${i}`, 'svc.thing.happened.v1'));
    const got: string[] = [];
    await bus.subscribe({ durable: 'late', subjects: ['svc.>'], handler: async (e) => void got.push(e.id) });
    await expect.poll(() => got.at(-1)).toBe('e-999');
    expect(got.length).toBeGreaterThanOrEqual(80);
    expect(got.length).toBeLessThanOrEqual(80 + 10);
    expect(got).toEqual(Array.from({ length: got.length }, (_, i) => `e-${1000 - got.length + i}`));
    await bus.close();
  });
});
