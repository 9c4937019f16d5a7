import { randomUUID } from 'node:crypto';
import {
  sessionRevokedEvent,
  userRegisteredEvent,
  userUpdatedEvent,
  userVerifiedEvent,
  type EventEnvelope,
  type SessionRevokedData,
} from '@noek/contracts';
import type { User } from '../generated/prisma/client';
import { registeredData, updatedData, verifiedData } from './user-event-data';

function envelope(subject: string, data: unknown): EventEnvelope {
  return {
    id: randomUUID(),
    type: subject,
    time: new Date().toISOString(),
    correlationId: randomUUID(),
    data,
  };
}

/** The envelopes use cases publish through `ctx.transaction(({ publish }) => ...)`. */
export const authEvents = {
  registered: (user: User) => envelope(userRegisteredEvent.subject, registeredData(user)),
  verified: (user: User) => envelope(userVerifiedEvent.subject, verifiedData(user)),
  updated: (user: User) => envelope(userUpdatedEvent.subject, updatedData(user)),
  sessionRevoked: (data: SessionRevokedData) => envelope(sessionRevokedEvent.subject, data),
};
