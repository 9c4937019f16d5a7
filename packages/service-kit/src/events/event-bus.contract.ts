import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@noek/contracts';
import type { EventBus } from './event-bus';

export interface BusUnderTest {
  bus: EventBus;
  /** A lowercase service token unique to this run, e.g. "tqkzw"; subjects are `${prefix}.<entity>.<verb>.v1`. */
  prefix: string;
  dlqPrefix: string;
  cleanup(): Promise<void>;
}

/** How long to wait before concluding that something did NOT happen. */
const QUIET_MS = 400;

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for condition');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function envelope(type: string, data: unknown = {}): EventEnvelope {
  return { id: randomUUID(), type, time: new Date().toISOString(), correlationId: randomUUID(), data };
}

/** One behaviour, two buses: the in-process bus must not hide bugs the NATS bus would show. */
export function eventBusContract(name: string, make: () => Promise<BusUnderTest>): void {
  describe(`EventBus contract: ${name}`, () => {
    let t: BusUnderTest;
    beforeEach(async () => {
      t = await make();
    });
    afterEach(async () => {
      await t.bus.close();
      await t.cleanup();
    });

    it('follow: replays recent events before resolving, then hands every new one to every follower', async () => {
      const subject = `${t.prefix}.session.revoked.v1`;
      await t.bus.publish(envelope(subject, { n: 1 }));
      await t.bus.publish(envelope(`${t.prefix}.other.changed.v1`, { n: 2 }));
      const a: unknown[] = [];
      const b: unknown[] = [];
      const fa = await t.bus.follow({ subjects: [subject], sinceMs: 60_000, handler: (e) => a.push(e.data) });
      expect(a).toEqual([{ n: 1 }]);
      const fb = await t.bus.follow({ subjects: [subject], sinceMs: 60_000, handler: (e) => b.push(e.data) });
      await t.bus.publish(envelope(subject, { n: 3 }));
      await waitFor(() => a.length === 2 && b.length === 2);
      expect(a).toEqual([{ n: 1 }, { n: 3 }]);
      expect(b).toEqual([{ n: 1 }, { n: 3 }]);
      await fa.stop();
      await t.bus.publish(envelope(subject, { n: 4 }));
      await waitFor(() => b.length === 3);
      await new Promise((r) => setTimeout(r, QUIET_MS));
      expect(a).toHaveLength(2);
      await fb.stop();
    });

    it('delivers a published event to a matching subscriber only', async () => {
      const got: EventEnvelope[] = [];
      await t.bus.subscribe({
        durable: 'd-deliver',
        subjects: [`${t.prefix}.note.*.v1`],
        handler: async (e) => void got.push(e),
      });
      const wanted = envelope(`${t.prefix}.note.created.v1`, { n: 1 });
      await t.bus.publish(envelope(`${t.prefix}.user.created.v1`));
      await t.bus.publish(wanted);
      await waitFor(() => got.length >= 1);
      await new Promise((r) => setTimeout(r, QUIET_MS));
      expect(got).toEqual([wanted]);
    });

    it('delivers from several subject filters at once', async () => {
      const got: string[] = [];
      await t.bus.subscribe({
        durable: 'd-multi',
        subjects: [`${t.prefix}.note.created.v1`, `${t.prefix}.user.*.v1`],
        handler: async (e) => void got.push(e.type),
      });
      await t.bus.publish(envelope(`${t.prefix}.note.deleted.v1`));
      await t.bus.publish(envelope(`${t.prefix}.note.created.v1`));
      await t.bus.publish(envelope(`${t.prefix}.user.banned.v1`));
      await waitFor(() => got.length >= 2);
      await new Promise((r) => setTimeout(r, QUIET_MS));
      expect(got).toEqual([`${t.prefix}.note.created.v1`, `${t.prefix}.user.banned.v1`]);
    });

    it('redelivers after a throwing handler', async () => {
      let calls = 0;
      await t.bus.subscribe({
        durable: 'd-retry',
        subjects: [`${t.prefix}.note.>`],
        retryDelayMs: 20,
        handler: async () => {
          calls += 1;
          if (calls < 3) throw new Error('transient');
        },
      });
      await t.bus.publish(envelope(`${t.prefix}.note.created.v1`));
      await waitFor(() => calls === 3);
      await new Promise((r) => setTimeout(r, QUIET_MS));
      expect(calls).toBe(3);
    });

    it('dead-letters after maxDeliver attempts', async () => {
      let calls = 0;
      const dead: EventEnvelope[] = [];
      const poison = envelope(`${t.prefix}.note.created.v1`, { poison: true });
      await t.bus.subscribe({
        durable: 'd-dlq-watch',
        subjects: [`${t.dlqPrefix}.d-poison`],
        handler: async (e) => void dead.push(e),
      });
      await t.bus.subscribe({
        durable: 'd-poison',
        subjects: [`${t.prefix}.note.>`],
        maxDeliver: 3,
        retryDelayMs: 20,
        handler: async () => {
          calls += 1;
          throw new Error('always fails');
        },
      });
      await t.bus.publish(poison);
      await waitFor(() => dead.length === 1);
      await new Promise((r) => setTimeout(r, QUIET_MS));
      expect(calls).toBe(3);
      expect(dead).toEqual([poison]);
    });

    it('holds an event through a database outage longer than maxDeliver tries, then handles it', async () => {
      let calls = 0;
      const dead: EventEnvelope[] = [];
      const handled: EventEnvelope[] = [];
      await t.bus.subscribe({
        durable: 'd-outage-dlq-watch',
        subjects: [`${t.dlqPrefix}.d-outage`],
        handler: async (e) => void dead.push(e),
      });
      await t.bus.subscribe({
        durable: 'd-outage',
        subjects: [`${t.prefix}.note.>`],
        maxDeliver: 2,
        retryDelayMs: 5,
        handler: async (e) => {
          calls += 1;
          // The driver adapter's "database not reachable", as the store answers while PostgreSQL is down.
          if (calls <= 6)
            throw Object.assign(new Error("Can't reach database server"), { kind: 'DatabaseNotReachable' });
          handled.push(e);
        },
      });
      const event = envelope(`${t.prefix}.note.created.v1`);
      await t.bus.publish(event);
      await waitFor(() => handled.length === 1);
      expect(calls).toBe(7);
      expect(handled).toEqual([event]);
      expect(dead).toEqual([]);
    });

    it('stops while holding an event through an outage, and the event is not dead-lettered', async () => {
      let calls = 0;
      const dead: EventEnvelope[] = [];
      await t.bus.subscribe({
        durable: 'd-held-dlq-watch',
        subjects: [`${t.dlqPrefix}.d-held`],
        handler: async (e) => void dead.push(e),
      });
      const held = await t.bus.subscribe({
        durable: 'd-held',
        subjects: [`${t.prefix}.note.>`],
        maxDeliver: 1,
        retryDelayMs: 60_000, // a pause far longer than the test: stop must not wait it out
        handler: async () => {
          calls += 1;
          throw Object.assign(new Error('Connection terminated unexpectedly'), { kind: 'ConnectionClosed' });
        },
      });
      await t.bus.publish(envelope(`${t.prefix}.note.created.v1`));
      await waitFor(() => calls === 1);
      await held.stop();
      await new Promise((r) => setTimeout(r, QUIET_MS));
      expect(calls).toBe(1);
      expect(dead).toEqual([]);
    });

    it('stops with events received but not yet handled, and the next subscriber gets every one', async () => {
      const events = Array.from({ length: 40 }, (_, i) => envelope(`${t.prefix}.note.created.v1`, { n: i }));
      for (const e of events) await t.bus.publish(e);
      const handled = new Set<string>();
      let release: () => void = () => undefined;
      const gate = new Promise<void>((r) => (release = r));
      let first = true;
      // Messages still on their way when the pull ends are not lost: the server resends them after ackWait.
      const ackWaitMs = 1_000;
      const slow = await t.bus.subscribe({
        durable: 'd-backlog',
        subjects: [`${t.prefix}.note.>`],
        ackWaitMs,
        handler: async (e) => {
          if (first) {
            first = false;
            await gate; // the first event is in the handler while the others wait, received
          }
          handled.add(e.id);
        },
      });
      await waitFor(() => !first);
      const stopping = slow.stop();
      release();
      // Before the fix this never settled: the client's close waited for the backlog to be read.
      await stopping;
      await t.bus.subscribe({
        durable: 'd-backlog',
        subjects: [`${t.prefix}.note.>`],
        ackWaitMs,
        handler: async (e) => void handled.add(e.id),
      });
      await waitFor(() => handled.size === events.length, 15_000);
    });

    it('drops a second publish with the same id', async () => {
      const got: string[] = [];
      await t.bus.subscribe({
        durable: 'd-dedup',
        subjects: [`${t.prefix}.>`],
        handler: async (e) => void got.push(e.id),
      });
      const e = envelope(`${t.prefix}.note.created.v1`);
      await t.bus.publish(e);
      await t.bus.publish({ ...e, data: { changed: true } });
      const other = envelope(`${t.prefix}.note.created.v1`);
      await t.bus.publish(other);
      await waitFor(() => got.length >= 2);
      await new Promise((r) => setTimeout(r, QUIET_MS));
      expect(got).toEqual([e.id, other.id]);
    });

    it('delivers events published before the durable existed, and resumes where it stopped', async () => {
      const before = envelope(`${t.prefix}.note.created.v1`, { n: 'before' });
      await t.bus.publish(before);
      const got: unknown[] = [];
      const handler = async (e: EventEnvelope) => void got.push(e.data);
      const sub = await t.bus.subscribe({ durable: 'd-resume', subjects: [`${t.prefix}.note.>`], handler });
      await waitFor(() => got.length === 1);
      await sub.stop();
      await t.bus.publish(envelope(`${t.prefix}.note.updated.v1`, { n: 'while stopped' }));
      await t.bus.subscribe({ durable: 'd-resume', subjects: [`${t.prefix}.note.>`], handler });
      await waitFor(() => got.length >= 2);
      await new Promise((r) => setTimeout(r, QUIET_MS));
      expect(got).toEqual([{ n: 'before' }, { n: 'while stopped' }]);
    });

    it('batch: hands the waiting events over together in order, each envelope id once', async () => {
      const events = Array.from({ length: 6 }, (_, i) => envelope(`${t.prefix}.note.created.v1`, { n: i }));
      for (const e of events) await t.bus.publish(e);
      // The same event published again under another message id (say, after the duplicate window).
      await t.bus.publish(events[2]!, { msgId: `again-${events[2]!.id}` });
      const batches: string[][] = [];
      await t.bus.subscribe({
        durable: 'd-batch',
        subjects: [`${t.prefix}.note.>`],
        batch: { maxMessages: 50, handler: async (es) => void batches.push(es.map((e) => e.id)) },
      });
      await expect.poll(() => batches.flat().length).toBeGreaterThanOrEqual(6);
      expect(batches.flat().slice(0, 6)).toEqual(events.map((e) => e.id));
      expect(batches[0]!.length).toBeGreaterThan(1);
      for (const b of batches) expect(new Set(b).size).toBe(b.length);
    });

    it('batch: a failing batch is handed over again event by event, the poison one alone dead-lettered', async () => {
      const good = Array.from({ length: 4 }, (_, i) => envelope(`${t.prefix}.note.created.v1`, { n: i }));
      const poison = envelope(`${t.prefix}.note.created.v1`, { poison: true });
      const dead: string[] = [];
      await t.bus.subscribe({
        durable: 'd-batch-dlq-watch',
        subjects: [`${t.dlqPrefix}.d-batch-poison`],
        handler: async (e) => void dead.push(e.id),
      });
      for (const e of [good[0]!, good[1]!, poison, good[2]!, good[3]!]) await t.bus.publish(e);
      const committed: string[] = [];
      const sizes: number[] = [];
      await t.bus.subscribe({
        durable: 'd-batch-poison',
        subjects: [`${t.prefix}.note.>`],
        maxDeliver: 3,
        retryDelayMs: 20,
        batch: {
          maxMessages: 50,
          handler: async (es) => {
            sizes.push(es.length);
            if (es.some((e) => e.id === poison.id)) throw new Error('poison');
            committed.push(...es.map((e) => e.id));
          },
        },
      });
      await expect.poll(() => dead).toEqual([poison.id]);
      expect([...committed].sort()).toEqual(good.map((e) => e.id).sort());
      expect(Math.max(...sizes)).toBeGreaterThan(1);
    });

    it('batch: a batch that fails for a while is retried until it commits', async () => {
      const events = Array.from({ length: 3 }, (_, i) => envelope(`${t.prefix}.note.created.v1`, { n: i }));
      for (const e of events) await t.bus.publish(e);
      let failures = 2;
      const committed: string[] = [];
      await t.bus.subscribe({
        durable: 'd-batch-retry',
        subjects: [`${t.prefix}.note.>`],
        retryDelayMs: 20,
        batch: {
          handler: async (es) => {
            if (failures > 0) {
              failures -= 1;
              throw new Error('database restarting');
            }
            committed.push(...es.map((e) => e.id));
          },
        },
      });
      await expect.poll(() => [...committed].sort()).toEqual(events.map((e) => e.id).sort());
      expect(failures).toBe(0);
    });

    it('broadcast: hands each broadcast to every listener listening at that moment, nothing before', async () => {
      // A service token outside the test stream's `${prefix}.>`: broadcasts are never stored.
      const subject = `${t.prefix}b.hits.counted.v1`;
      t.bus.broadcast(envelope(subject, { n: 0 }));
      const a: unknown[] = [];
      const b: unknown[] = [];
      const la = await t.bus.listen({ subjects: [`${t.prefix}b.hits.>`], handler: (e) => a.push(e.data) });
      const lb = await t.bus.listen({ subjects: [subject], handler: (e) => b.push(e.data) });
      t.bus.broadcast(envelope(subject, { n: 1 }));
      t.bus.broadcast(envelope(`${t.prefix}b.other.counted.v1`, { n: 2 }));
      await waitFor(() => a.length === 1 && b.length === 1);
      await la.stop();
      t.bus.broadcast(envelope(subject, { n: 3 }));
      await waitFor(() => b.length === 2);
      await new Promise((r) => setTimeout(r, QUIET_MS));
      expect(a).toEqual([{ n: 1 }]);
      expect(b).toEqual([{ n: 1 }, { n: 3 }]);
      await lb.stop();
    });

    it('reports health and refuses work after close', async () => {
      expect(t.bus.isHealthy()).toBe(true);
      await t.bus.close();
      expect(t.bus.isHealthy()).toBe(false);
      await expect(t.bus.publish(envelope(`${t.prefix}.note.created.v1`))).rejects.toThrow();
      await expect(t.bus.listen({ subjects: ['x.>'], handler: () => undefined })).rejects.toThrow();
      t.bus.broadcast(envelope(`${t.prefix}b.hits.counted.v1`)); // dropped, not thrown
    });
  });
}

/** A random lowercase token, valid as the <service> part of an event type. */
export function uniquePrefix(): string {
  return `t${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
}
