import { eventEnvelopeSchema, type EventEnvelope } from '@noek/contracts';
import type { OutboxTx } from './outbox-db';

/**
 * The PostgreSQL channel a commit that wrote outbox rows notifies (payload: the service's schema), so
 * relays publish at once instead of at their next poll (@noek/db's outboxWakeups). PostgreSQL delivers a
 * notification only when its transaction commits: exactly "publish after commit".
 */
export const OUTBOX_CHANNEL = 'noek_outbox';

let lastCreatedAt = 0;

/**
 * Strictly increasing per process (millisecond columns). PostgreSQL's now() is the transaction's start
 * time, so several events written in one transaction would tie and leave in random order.
 */
function nextCreatedAt(): Date {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return new Date(lastCreatedAt);
}

/** One outbox table row, as enqueueEvent writes it. */
export interface OutboxRecord {
  id: string;
  subject: string;
  payload: object;
  createdAt: Date;
}

/**
 * The outbox row for an envelope: validated, JSON round-tripped, ordered createdAt. For a repository that
 * writes the row itself in a single SQL statement with the change it announces (chat's send path).
 */
export function outboxRecord(envelope: EventEnvelope): OutboxRecord {
  // Validate here: a bad envelope found by the relay would block the outbox for everyone behind it.
  const valid = eventEnvelopeSchema.parse(envelope);
  // JSON round trip: what is stored is exactly what a consumer will parse (no Dates, no undefined).
  const payload = JSON.parse(JSON.stringify(valid)) as object;
  return { id: valid.id, subject: valid.type, payload, createdAt: nextCreatedAt() };
}

/**
 * Writes the event into the outbox inside the caller's transaction, so it is published if and only if
 * the business change commits. The relay publishes it later with Nats-Msg-Id = envelope.id.
 */
export async function enqueueEvent(tx: OutboxTx, envelope: EventEnvelope): Promise<void> {
  await tx.outboxEvent.create({ data: outboxRecord(envelope) });
  const raw = tx.$executeRaw?.bind(tx);
  if (raw) await raw`SELECT pg_notify(${OUTBOX_CHANNEL}, current_schema())`;
}
