import { z } from 'zod';
import { defineEvent } from './envelope.schema';

/** Most client addresses one hits message carries (the heaviest first): bounds every message's size. */
export const MAX_HITS_PER_MESSAGE = 1_000;

/**
 * What one gateway replica let through per client address since its last message (every ~250 ms), so every
 * other replica takes the same tokens from its own buckets and the per-address rate limit holds across
 * replicas. A broadcast on core NATS, never stored: a lost one only lets one interval of traffic through
 * twice. `replica` names the sender, which ignores its own messages. At most MAX_HITS_PER_MESSAGE addresses
 * (about 50 KB with IPv6 addresses).
 */
export const gatewayHitsCountedEvent = defineEvent(
  'gateway.client-hits.counted.v1',
  z.object({
    replica: z.string().min(1).max(100),
    hits: z
      .array(z.tuple([z.string().min(1).max(100), z.number().int().min(1).max(1_000_000)]))
      .max(MAX_HITS_PER_MESSAGE),
  }),
);
export type GatewayHitsCountedData = z.infer<typeof gatewayHitsCountedEvent.data>;

/**
 * Broadcasts: events on core NATS that reach whoever listens at that moment and are never stored (not in
 * the NOEK stream, no outbox, no redelivery). For state replicas share and can afford to lose.
 */
export const broadcastEvents = [gatewayHitsCountedEvent] as const;
