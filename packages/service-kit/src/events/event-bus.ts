import type { EventEnvelope } from '@noek/contracts';

export interface PublishOptions {
  /** Defaults to envelope.type (the event's subject). */
  subject?: string;
  /** De-duplication key; defaults to envelope.id. */
  msgId?: string;
}

export type EventHandler = (envelope: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /** Durable consumer name: unique per consuming service and purpose, e.g. "chat-user-events". */
  durable: string;
  /** Subjects with NATS wildcards ("auth.user.*.v1", "billing.>"). */
  subjects: readonly string[];
  /** Throw to have the event redelivered; after maxDeliver attempts it goes to dlq.<durable>. */
  handler: EventHandler;
  /** Attempts before dead-lettering; default 5. */
  maxDeliver?: number;
  /** How long a delivery may stay unacknowledged before the server redelivers it; default 30 s. */
  ackWaitMs?: number;
  /** Base of the exponential delay before a failed event is retried; default 1000 ms, capped at 60 s. */
  retryDelayMs?: number;
}

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
} as const;

export function retryDelay(base: number, attempt: number): number {
  return Math.min(base * 2 ** Math.max(0, attempt - 1), DEFAULTS.maxRetryDelayMs);
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
