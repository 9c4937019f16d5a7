import { randomUUID } from 'node:crypto';
import {
  createEnvelope,
  MAX_HITS_PER_MESSAGE,
  gatewayHitsCountedEvent,
  type EventEnvelope,
} from '@noek/contracts';
import { followInBackground, type EventBus, type Logger } from '@noek/service-kit';
import type { RateLimiter } from './rate-limit';

export interface SharedRateLimit {
  /** This replica's name in its messages (it ignores its own). */
  readonly replica: string;
  stop(): Promise<void>;
}

/** The message carrying what this replica let through since the last one. */
export function hitsMessage(replica: string, hits: [string, number][]): EventEnvelope {
  return createEnvelope(gatewayHitsCountedEvent, { replica, hits }, replica);
}

/**
 * Makes the per-address limit hold across gateway replicas with no network call per request: every
 * `intervalMs` this replica broadcasts (core NATS, gateway.client-hits.counted.v1) the tokens it let through
 * per address since its last message, heaviest MAX_HITS_PER_MESSAGE addresses only; every replica deducts
 * the others' from its own buckets. A client so gets the configured rate across all replicas, plus at most
 * what it sent to the other replicas in the last interval (not yet heard). NATS down: nothing is sent or
 * heard, and each replica limits on its own until it is back.
 */
export async function shareRateLimit(o: {
  limiter: RateLimiter;
  bus: EventBus;
  intervalMs: number;
  logger: Logger;
  replica?: string;
}): Promise<SharedRateLimit> {
  const replica = o.replica ?? randomUUID();
  const onMessage = (envelope: EventEnvelope) => {
    const parsed = gatewayHitsCountedEvent.data.safeParse(envelope.data);
    if (!parsed.success) {
      o.logger.warn({ issues: parsed.error.issues.slice(0, 3) }, 'ignored a malformed rate-limit message');
      return;
    }
    if (parsed.data.replica === replica) return;
    for (const [key, n] of parsed.data.hits) o.limiter.deduct(key, n);
  };
  // listen() waits for a first connection to NATS, which may be long in coming: do not wait for it.
  const unlisten = await followInBackground(
    () => o.bus.listen({ subjects: [gatewayHitsCountedEvent.subject], handler: onMessage }),
    (err) => o.logger.warn({ err }, 'rate-limit hits from other replicas unavailable: limiting per replica'),
    0,
  );
  const timer = setInterval(() => {
    const hits = o.limiter.takeHits(MAX_HITS_PER_MESSAGE);
    if (hits.length > 0) o.bus.broadcast(hitsMessage(replica, hits));
  }, o.intervalMs);
  timer.unref();
  return {
    replica,
    async stop() {
      clearInterval(timer);
      await unlisten();
    },
  };
}
