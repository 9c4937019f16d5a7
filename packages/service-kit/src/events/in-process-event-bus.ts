import type { EventEnvelope } from '@noek/contracts';
import {
  DEFAULTS,
  deadLetterSubject,
  retryDelay,
  subjectMatches,
  type EventBus,
  type PublishOptions,
  type SubscribeOptions,
  type Subscription,
} from './event-bus';

export interface InProcessEventBusOptions {
  /** Publishes with an id seen within this window are dropped, like JetStream's duplicate window. Default 2 min. */
  duplicateWindowMs?: number;
  /** Messages kept for durables created later (like a stream's retention). Default 10 000. */
  maxRetained?: number;
  dlqPrefix?: string;
}

interface Stored {
  seq: number;
  subject: string;
  envelope: EventEnvelope;
}

interface DeadLetter {
  durable: string;
  envelope: EventEnvelope;
  error: string;
  deliveries: number;
}

interface Durable {
  cursor: number; // last seq handled
  running?: Promise<void>;
  active: boolean;
  wake?: () => void;
}

export interface InProcessEventBus extends EventBus {
  /** Dead-lettered events (also published to dlq.<durable>). */
  readonly deadLetters: readonly DeadLetter[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The same semantics as the NATS bus, in memory: for the single-process mode and unit tests.
 * One event is handled at a time per durable; a failing one is retried in place with backoff.
 * ackWaitMs has no meaning here (nothing can die between delivery and ack) and is ignored.
 */
export function createInProcessEventBus(options: InProcessEventBusOptions = {}): InProcessEventBus {
  const { duplicateWindowMs = 120_000, maxRetained = 10_000, dlqPrefix = 'dlq' } = options;
  const log: Stored[] = [];
  const seen = new Map<string, number>(); // msgId -> time
  const durables = new Map<string, Durable>();
  const deadLetters: DeadLetter[] = [];
  let seq = 0;
  let closed = false;

  const isDuplicate = (msgId: string): boolean => {
    const now = Date.now();
    for (const [id, at] of seen) {
      if (now - at <= duplicateWindowMs) break; // Map keeps insertion order: the rest are newer
      seen.delete(id);
    }
    if (seen.has(msgId)) return true;
    seen.set(msgId, now);
    return false;
  };

  const publish = async (envelope: EventEnvelope, opts: PublishOptions = {}): Promise<void> => {
    if (closed) throw new Error('event bus is closed');
    if (isDuplicate(opts.msgId ?? envelope.id)) return;
    seq += 1;
    // A copy, so a handler mutating its envelope cannot change what others receive.
    log.push({ seq, subject: opts.subject ?? envelope.type, envelope: structuredClone(envelope) });
    if (log.length > maxRetained) log.splice(0, log.length - maxRetained);
    for (const d of durables.values()) d.wake?.();
  };

  type Full = SubscribeOptions & { maxDeliver: number; retryDelayMs: number };

  /** Returns false if the durable was stopped between attempts: the event stays unhandled, as in NATS. */
  const deliver = async (d: Durable, name: string, msg: Stored, o: Full): Promise<boolean> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await o.handler(structuredClone(msg.envelope));
        return true;
      } catch (err) {
        if (attempt >= o.maxDeliver) {
          const error = err instanceof Error ? err.message : String(err);
          deadLetters.push({ durable: name, envelope: msg.envelope, error, deliveries: attempt });
          if (!closed) {
            await publish(msg.envelope, {
              subject: deadLetterSubject(name, dlqPrefix),
              msgId: `${dlqPrefix}:${name}:${msg.envelope.id}`,
            });
          }
          return true;
        }
        await sleep(retryDelay(o.retryDelayMs, attempt));
        if (!d.active) return false;
      }
    }
  };

  /** The first retained message after the cursor matching the durable's subjects (log is sorted by seq). */
  const nextFor = (d: Durable, subjects: readonly string[]): Stored | undefined => {
    let lo = 0;
    let hi = log.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (log[mid]!.seq <= d.cursor) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < log.length; i += 1) {
      const m = log[i]!;
      if (subjects.some((p) => subjectMatches(p, m.subject))) return m;
    }
    return undefined;
  };

  const run = async (name: string, d: Durable, o: SubscribeOptions) => {
    const full: Full = {
      ...o,
      maxDeliver: o.maxDeliver ?? DEFAULTS.maxDeliver,
      retryDelayMs: o.retryDelayMs ?? DEFAULTS.retryDelayMs,
    };
    while (d.active) {
      const next = nextFor(d, o.subjects);
      if (!next) {
        await new Promise<void>((r) => (d.wake = r));
        d.wake = undefined;
        continue;
      }
      if (await deliver(d, name, next, full)) d.cursor = next.seq;
    }
  };

  const subscribe = async (o: SubscribeOptions): Promise<Subscription> => {
    if (closed) throw new Error('event bus is closed');
    let d = durables.get(o.durable);
    if (d?.active) throw new Error(`durable ${o.durable} already has an active subscription`);
    if (!d) {
      d = { cursor: 0, active: true };
      durables.set(o.durable, d);
    }
    const durable = d;
    durable.active = true;
    durable.running = run(o.durable, durable, o);
    return {
      durable: o.durable,
      async stop() {
        durable.active = false;
        durable.wake?.();
        await durable.running;
      },
    };
  };

  return {
    publish,
    subscribe,
    deadLetters,
    isHealthy: () => !closed,
    async close() {
      closed = true;
      await Promise.all(
        [...durables.values()].map(async (d) => {
          d.active = false;
          d.wake?.();
          await d.running;
        }),
      );
    },
  };
}
