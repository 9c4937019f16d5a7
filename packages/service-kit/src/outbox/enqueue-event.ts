import { eventEnvelopeSchema, type EventEnvelope } from '@noek/contracts';
import type { OutboxTx } from './outbox-db';

/**
 * Writes the event into the outbox inside the caller's transaction, so it is published if and only if
 * the business change commits. The relay publishes it later with Nats-Msg-Id = envelope.id.
 */
let lastCreatedAt = 0;

/**
 * Strictly increasing per process (millisecond columns). PostgreSQL's now() is the transaction's start
 * time, so several events written in one transaction would tie and leave in random order.
 */
function nextCreatedAt(): Date {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return new Date(lastCreatedAt);
}

export async function enqueueEvent(tx: OutboxTx, envelope: EventEnvelope): Promise<void> {
  // Validate here: a bad envelope found by the relay would block the outbox for everyone behind it.
  const valid = eventEnvelopeSchema.parse(envelope);
  // JSON round trip: what is stored is exactly what a consumer will parse (no Dates, no undefined).
  const payload = JSON.parse(JSON.stringify(valid)) as object;
  await tx.outboxEvent.create({
    data: { id: valid.id, subject: valid.type, payload, createdAt: nextCreatedAt() },
  });
}
