import {
  parseEventEnvelope,
  sessionRevokedEvent,
  type EventEnvelope,
  type SessionRevokedData,
} from '@noek/contracts';
import { consumeOnce, type EventBus, type Subscription } from '@noek/service-kit';
import type { ChatDb } from '../../database';
import { revocationExpiry } from './revoked-sessions';
import { createSessionRevocationsRepository, type SessionRevocation } from './session-revocations.repository';

export const SESSION_REVOKED_DURABLE = 'chat-session-revoked';

export type OnSessionRevoked = (revocation: SessionRevocation, data: SessionRevokedData) => void;

/** Records one auth.session.revoked.v1 exactly once (processed-event row in the same transaction). */
export async function handleSessionRevokedEvent(
  db: ChatDb,
  envelope: EventEnvelope,
  consumer = SESSION_REVOKED_DURABLE,
  onRevoked?: OnSessionRevoked,
): Promise<void> {
  if (envelope.type !== sessionRevokedEvent.subject) return;
  const { data } = parseEventEnvelope(envelope, sessionRevokedEvent.subject);
  const revokedAt = new Date(data.revokedAt);
  const revocation: SessionRevocation = {
    sessionId: data.sessionId,
    userId: data.userId,
    revokedAt,
    expiresAt: revocationExpiry(revokedAt),
  };
  const result = await consumeOnce(db, consumer, envelope, async (tx) => {
    await createSessionRevocationsRepository(tx).record(revocation);
  });
  if (result === 'processed') onRevoked?.(revocation, data);
}

/** The durable consumer of per-session sign-outs: chat refuses the session and ends its streams. */
export function subscribeSessionRevoked(
  bus: EventBus,
  db: ChatDb,
  durable = SESSION_REVOKED_DURABLE,
  onRevoked?: OnSessionRevoked,
): Promise<Subscription> {
  return bus.subscribe({
    durable,
    subjects: [sessionRevokedEvent.subject],
    handler: (envelope) => handleSessionRevokedEvent(db, envelope, durable, onRevoked),
  });
}
