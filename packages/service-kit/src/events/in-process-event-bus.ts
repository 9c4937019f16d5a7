import type { EventEnvelope } from '@noek/contracts';
import {
  DEFAULTS,
  asBatch,
  uniqueById,
  type BatchHandler,
  deadLetterSubject,
  holdDelay,
  isPassingFailure,
  retryDelay,
  subjectMatches,
  type EventBus,
  type FollowOptions,
  type Following,
  type ListenOptions,
  type PublishOptions,
  type SubscribeOptions,
  type Subscription,
} from './event-bus';

export interface InProcessEventBusOptions {
  /** Publishes with an id seen within this window are dropped, like JetStream's duplicate window. Default 2 min. */
  duplicateWindowMs?: number;
  /**
   * Messages kept for durables created later (like a stream's retention): at least this many, trimmed in
   * batches of an eighth so that a publish never moves the whole log. Default 10 000.
   */
  maxRetained?: number;
  dlqPrefix?: string;
}

interface Stored {
  seq: number;
  subject: string;
  envelope: EventEnvelope;
  at: number;
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
  /** Ends a pause between tries at once (set while pausing), so stopping never waits out a retry delay. */
  interrupt?: () => void;
}

export interface InProcessEventBus extends EventBus {
  /** Dead-lettered events (also published to dlq.<durable>). */
  readonly deadLetters: readonly DeadLetter[];
}

/** Waits `ms`, or less if the durable is stopped meanwhile. */
function pause(d: Durable, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    d.interrupt = () => {
      clearTimeout(timer);
      resolve();
    };
  }).finally(() => (d.interrupt = undefined));
}

/** The bus's state, shared by the steps below. */
interface Memory {
  duplicateWindowMs: number;
  maxRetained: number;
  dlqPrefix: string;
  log: Stored[];
  /** msgId -> time first seen */
  seen: Map<string, number>;
  durables: Map<string, Durable>;
  followers: Set<(msg: Stored) => void>;
  /** Broadcast listeners: handed what is broadcast while they exist, nothing is kept. */
  listeners: Set<(subject: string, envelope: EventEnvelope) => void>;
  deadLetters: DeadLetter[];
  seq: number;
  closed: boolean;
}

type Full = { maxDeliver: number; retryDelayMs: number; handler: BatchHandler; maxMessages: number };

/**
 * The same semantics as the NATS bus, in memory: for the single-process mode and unit tests.
 * One batch is handled at a time per durable (what is waiting, up to its size); a failing batch is handed
 * over again event by event, and a failing event is retried in place with backoff.
 * ackWaitMs has no meaning here (nothing can die between delivery and ack) and is ignored.
 */
export function createInProcessEventBus(options: InProcessEventBusOptions = {}): InProcessEventBus {
  const m: Memory = {
    duplicateWindowMs: options.duplicateWindowMs ?? 120_000,
    maxRetained: options.maxRetained ?? 10_000,
    dlqPrefix: options.dlqPrefix ?? 'dlq',
    log: [],
    seen: new Map(),
    durables: new Map(),
    followers: new Set(),
    listeners: new Set(),
    deadLetters: [],
    seq: 0,
    closed: false,
  };
  return {
    publish: (envelope, opts) => publish(m, envelope, opts),
    subscribe: (o) => subscribe(m, o),
    follow: async (o) => follow(m, o),
    broadcast(envelope) {
      if (m.closed) return;
      for (const l of m.listeners) l(envelope.type, envelope);
    },
    listen: async (o) => listen(m, o),
    deadLetters: m.deadLetters,
    isHealthy: () => !m.closed,
    async close() {
      m.closed = true;
      m.listeners.clear();
      await Promise.all([...m.durables.values()].map((d) => stopDurable(d)));
    },
  };
}

/** Like JetStream's duplicate window: an id seen within it is dropped. */
function isDuplicate(m: Memory, msgId: string): boolean {
  const now = Date.now();
  for (const [id, at] of m.seen) {
    if (now - at <= m.duplicateWindowMs) break; // Map keeps insertion order: the rest are newer
    m.seen.delete(id);
  }
  if (m.seen.has(msgId)) return true;
  m.seen.set(msgId, now);
  return false;
}

async function publish(m: Memory, envelope: EventEnvelope, opts: PublishOptions = {}): Promise<void> {
  if (m.closed) throw new Error('event bus is closed');
  if (isDuplicate(m, opts.msgId ?? envelope.id)) return;
  m.seq += 1;
  // A copy, so a handler mutating its envelope cannot change what others receive.
  const stored = {
    seq: m.seq,
    subject: opts.subject ?? envelope.type,
    envelope: structuredClone(envelope),
    at: Date.now(),
  };
  m.log.push(stored);
  trim(m);
  for (const f of m.followers) f(stored);
  for (const d of m.durables.values()) d.wake?.();
}

/** Drops the oldest messages once the log is an eighth over its retention (amortised O(1) per publish). */
function trim(m: Memory): void {
  const slack = Math.max(1, Math.ceil(m.maxRetained / 8));
  if (m.log.length > m.maxRetained + slack) m.log.splice(0, m.log.length - m.maxRetained);
}

/** Replays the retained messages of the last `sinceMs`, then hands each new one over as it is published. */
function follow(m: Memory, o: FollowOptions): Following {
  const since = Date.now() - o.sinceMs;
  const hand = (msg: Stored) => {
    if (!o.subjects.some((p) => subjectMatches(p, msg.subject))) return;
    try {
      o.handler(structuredClone(msg.envelope));
    } catch {
      // a follower's own bug: the others still get the event
    }
  };
  for (const msg of m.log) if (msg.at >= since) hand(msg);
  m.followers.add(hand);
  return { stop: async () => void m.followers.delete(hand) };
}

function listen(m: Memory, o: ListenOptions): Following {
  if (m.closed) throw new Error('event bus is closed');
  const hand = (subject: string, envelope: EventEnvelope) => {
    if (!o.subjects.some((p) => subjectMatches(p, subject))) return;
    try {
      o.handler(structuredClone(envelope));
    } catch {
      // a listener's own bug: the others still get the broadcast
    }
  };
  m.listeners.add(hand);
  return { stop: async () => void m.listeners.delete(hand) };
}

async function subscribe(m: Memory, o: SubscribeOptions): Promise<Subscription> {
  if (m.closed) throw new Error('event bus is closed');
  let d = m.durables.get(o.durable);
  if (d?.active) throw new Error(`durable ${o.durable} already has an active subscription`);
  if (!d) {
    d = { cursor: 0, active: true };
    m.durables.set(o.durable, d);
  }
  const durable = d;
  durable.active = true;
  durable.running = run(m, o.durable, durable, o);
  return { durable: o.durable, stop: () => stopDurable(durable) };
}

async function stopDurable(d: Durable): Promise<void> {
  d.active = false;
  d.wake?.();
  d.interrupt?.();
  await d.running;
}

/** The durable's loop: the next matching events after its cursor, or sleep until a publish wakes it. */
async function run(m: Memory, name: string, d: Durable, o: SubscribeOptions): Promise<void> {
  const full: Full = {
    ...asBatch(o),
    maxDeliver: o.maxDeliver ?? DEFAULTS.maxDeliver,
    retryDelayMs: o.retryDelayMs ?? DEFAULTS.retryDelayMs,
  };
  while (d.active) {
    const next = nextFor(m.log, d, o.subjects, full.maxMessages);
    if (next.length === 0) {
      // Nothing after the cursor matches, and a message's subject never changes: skip past them all, so
      // each publish costs a durable one subject check instead of a rescan of the retained log.
      const last = m.log.at(-1);
      if (last && last.seq > d.cursor) d.cursor = last.seq;
      await new Promise<void>((r) => (d.wake = r));
      d.wake = undefined;
      continue;
    }
    await deliverBatch(m, d, name, next, full);
  }
}

/** Up to `max` retained messages after the cursor matching the durable's subjects (log is sorted by seq). */
function nextFor(log: Stored[], d: Durable, subjects: readonly string[], max: number): Stored[] {
  let lo = 0;
  let hi = log.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (log[mid]!.seq <= d.cursor) lo = mid + 1;
    else hi = mid;
  }
  const found: Stored[] = [];
  for (let i = lo; i < log.length && found.length < max; i += 1) {
    const msg = log[i]!;
    if (subjects.some((p) => subjectMatches(p, msg.subject))) found.push(msg);
  }
  return found;
}

/** The whole batch at once; if that fails, each event alone. Moves the cursor past what was handled. */
async function deliverBatch(m: Memory, d: Durable, name: string, batch: Stored[], o: Full): Promise<void> {
  if (batch.length > 1) {
    const { unique } = uniqueById(batch, (msg) => msg.envelope.id);
    try {
      await o.handler(unique.map((msg) => structuredClone(msg.envelope)));
      d.cursor = batch.at(-1)!.seq;
      return;
    } catch {
      // one of them may be poison: hand them over one by one below
    }
  }
  for (const msg of batch) {
    if (!(await deliver(m, d, name, msg, o))) return;
    d.cursor = msg.seq;
  }
}

/** Returns false if the durable was stopped between attempts: the event stays unhandled, as in NATS. */
async function deliver(m: Memory, d: Durable, name: string, msg: Stored, o: Full): Promise<boolean> {
  let held = 0; // tries failed by an outage: they do not count as attempts
  for (let attempt = 1; ;) {
    try {
      await o.handler([structuredClone(msg.envelope)]);
      return true;
    } catch (err) {
      if (isPassingFailure(err)) {
        held += 1;
        await pause(d, holdDelay(o.retryDelayMs, held));
        if (!d.active) return false;
        continue;
      }
      if (attempt >= o.maxDeliver) {
        await deadLetter(m, name, msg, err, attempt + held);
        return true;
      }
      await pause(d, retryDelay(o.retryDelayMs, attempt));
      attempt += 1;
      if (!d.active) return false;
    }
  }
}

/** Kept in `deadLetters` and published to dlq.<durable>, like the NATS bus. */
async function deadLetter(m: Memory, name: string, msg: Stored, err: unknown, deliveries: number) {
  const error = err instanceof Error ? err.message : String(err);
  m.deadLetters.push({ durable: name, envelope: msg.envelope, error, deliveries });
  if (m.closed) return;
  await publish(m, msg.envelope, {
    subject: deadLetterSubject(name, m.dlqPrefix),
    msgId: `${m.dlqPrefix}:${name}:${msg.envelope.id}`,
  });
}
