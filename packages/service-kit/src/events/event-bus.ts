import type { EventEnvelope } from '@noek/contracts';
import { isDatabaseShortOfResources, isDatabaseUnavailable } from '../errors/database-errors';
import { backoffDelay } from '../lifecycle/backoff';

export interface PublishOptions {
  /** Defaults to envelope.type (the event's subject). */
  subject?: string;
  /** De-duplication key; defaults to envelope.id. */
  msgId?: string;
}

export type EventHandler = (envelope: EventEnvelope) => Promise<void>;
/** Handles several events at once (each id once per batch); throw to have them handled again. */
export type BatchHandler = (envelopes: EventEnvelope[]) => Promise<void>;

interface SubscribeCommon {
  /** Durable consumer name: unique per consuming service and purpose, e.g. "chat-user-events". */
  durable: string;
  /** Subjects with NATS wildcards ("auth.user.*.v1", "billing.>"). */
  subjects: readonly string[];
  /** Attempts before dead-lettering; default 5. */
  maxDeliver?: number;
  /** How long a delivery may stay unacknowledged before the server redelivers it; default 30 s. */
  ackWaitMs?: number;
  /** Base of the exponential delay before a failed event is retried; default 1000 ms, capped at 60 s. */
  retryDelayMs?: number;
}

export interface BatchOptions {
  /**
   * Gets the events waiting (up to `maxMessages`, at least one), in stream order, each envelope id once;
   * they are acknowledged together after it resolves, so it should commit them in one transaction. If it
   * throws, each event of the batch is handed over again alone (a batch of one), so one poison event
   * is retried, then dead-lettered, on its own while the others are handled.
   */
  handler: BatchHandler;
  /** The most events handed over at once; default 100. */
  maxMessages?: number;
}

export type SubscribeOptions = SubscribeCommon &
  (
    | {
        /** Throw to have the event redelivered; after maxDeliver attempts it goes to dlq.<durable>. */
        handler: EventHandler;
        batch?: never;
      }
    | { batch: BatchOptions; handler?: never }
  );

export interface Subscription {
  readonly durable: string;
  /** Stops fetching and waits for the handler in progress; the durable keeps its position. */
  stop(): Promise<void>;
}

export interface FollowOptions {
  /** Subjects with NATS wildcards. */
  subjects: readonly string[];
  /** First replays what was published in the last `sinceMs`, then follows what comes. */
  sinceMs: number;
  /** Called once per event, in order, synchronously: for state kept in memory (it is not retried). */
  handler: (envelope: EventEnvelope) => void;
}

export interface Following {
  stop(): Promise<void>;
  /**
   * The last instant (Date.now()) this follower was known to hold everything published: a server
   * heartbeat while idle, or a message with nothing pending after it. Absent where the feed cannot fall
   * behind (the in-process bus hands each event over within the publish).
   */
  currentAsOf?(): number;
}

export interface ListenOptions {
  /** Subjects with NATS wildcards. */
  subjects: readonly string[];
  /** Called once per broadcast received while listening, synchronously; nothing is replayed or retried. */
  handler: (envelope: EventEnvelope) => void;
}

/** At-least-once event delivery with durable consumers, retries, dead letters and publish de-duplication. */
export interface EventBus {
  /** Resolves once the event is stored (JetStream PubAck); a duplicate id within the window is dropped. */
  publish(envelope: EventEnvelope, opts?: PublishOptions): Promise<void>;
  subscribe(opts: SubscribeOptions): Promise<Subscription>;
  /**
   * Every process that follows gets every matching event (a durable shares them among replicas): for
   * state each replica keeps in memory, such as revoked sessions. Resolves once the replay is handled.
   */
  follow(opts: FollowOptions): Promise<Following>;
  /**
   * Core NATS, at most once: hands the envelope to whoever listens at this moment; never stored, never
   * redelivered, and dropped (not queued) while the bus is disconnected, since a broadcast is worth only
   * its moment. For state replicas share and can afford to lose (the gateway's rate-limit hits).
   */
  broadcast(envelope: EventEnvelope): void;
  /** Resolves once listening (after the first connection); a reconnect resumes it, with no replay. */
  listen(opts: ListenOptions): Promise<Following>;
  /** For /readyz: connected and the stream is in place. */
  isHealthy(): boolean;
  close(): Promise<void>;
}

export const DEFAULTS = {
  maxDeliver: 5,
  ackWaitMs: 30_000,
  retryDelayMs: 1_000,
  maxRetryDelayMs: 60_000,
  /** The longest pause between tries while the handler's database is unavailable (see isPassingFailure). */
  maxHoldDelayMs: 5_000,
  maxBatch: 100,
} as const;

/** Every subscription as a batch one: a single-event handler is a batch of at most one. */
export function asBatch(o: SubscribeOptions): { handler: BatchHandler; maxMessages: number } {
  if (o.batch)
    return { handler: o.batch.handler, maxMessages: Math.max(1, o.batch.maxMessages ?? DEFAULTS.maxBatch) };
  const single = o.handler;
  return { handler: (envelopes) => single(envelopes[0]!), maxMessages: 1 };
}

/** The batch with each envelope id once (the first delivery of it), and the later copies apart. */
export function uniqueById<T>(items: T[], id: (item: T) => string): { unique: T[]; copies: T[] } {
  const seen = new Set<string>();
  const unique: T[] = [];
  const copies: T[] = [];
  for (const item of items) {
    const key = id(item);
    if (seen.has(key)) copies.push(item);
    else {
      seen.add(key);
      unique.push(item);
    }
  }
  return { unique, copies };
}

export function retryDelay(base: number, attempt: number): number {
  return backoffDelay(attempt, { baseMs: base, maxMs: DEFAULTS.maxRetryDelayMs });
}

/**
 * True when a handler failed because its database is unreachable or out of a resource: the event is not at
 * fault and will succeed once the database is back. Such failures never count toward maxDeliver (an outage
 * longer than the retries would otherwise dead-letter every event it touched): the event is held and tried
 * again, every holdDelay at most, for as long as the outage lasts.
 */
export function isPassingFailure(err: unknown): boolean {
  return isDatabaseUnavailable(err) || isDatabaseShortOfResources(err);
}

/** The pause before the next try of an event held through an outage (short, so it resumes soon after). */
export function holdDelay(base: number, tries: number): number {
  return backoffDelay(tries, { baseMs: base, maxMs: DEFAULTS.maxHoldDelayMs });
}

/** The subject a durable's dead letters go to. */
export function deadLetterSubject(durable: string, prefix = 'dlq'): string {
  return `${prefix}.${durable}`;
}

/** NATS subject matching: `*` matches one token, `>` one or more trailing tokens. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i += 1) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
