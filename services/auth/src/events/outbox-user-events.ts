import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@noek/service-kit';
import {
  userRegisteredEvent,
  userUpdatedEvent,
  userVerifiedEvent,
  type EventEnvelope,
} from '@noek/contracts';
import type { Tx, UserEvents } from './user-events';
import { registeredData, updatedData, verifiedData } from './user-event-data';

/** Writes the event envelope into the outbox inside the caller's transaction (service-kit). */
function record(tx: Tx, subject: string, data: unknown, correlationId: string): Promise<void> {
  const envelope: EventEnvelope = {
    id: randomUUID(),
    type: subject,
    time: new Date().toISOString(),
    correlationId,
    data,
  };
  return enqueueEvent(tx, envelope);
}

/** UserEvents backed by the outbox; the relay publishes rows after commit. */
export function createOutboxUserEvents(correlationId: () => string = randomUUID): UserEvents {
  return {
    registered: (tx, user) => record(tx, userRegisteredEvent.subject, registeredData(user), correlationId()),
    verified: (tx, user) => record(tx, userVerifiedEvent.subject, verifiedData(user), correlationId()),
    updated: (tx, user) => record(tx, userUpdatedEvent.subject, updatedData(user), correlationId()),
  };
}
