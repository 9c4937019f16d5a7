import { randomUUID } from 'node:crypto';
import {
  createEnvelope,
  sessionRevokedEvent,
  userRegisteredEvent,
  userUpdatedEvent,
  userVerifiedEvent,
  type SessionRevokedData,
} from '@noek/contracts';
import type { User } from '../generated/prisma/client';
import { registeredData, updatedData, verifiedData } from './user-event-data';

/** The envelopes auth's writes publish through `ctx.transaction(({ publish }) => ...)`. */
export const authEvents = {
  registered: (user: User, correlationId: string = randomUUID()) =>
    createEnvelope(userRegisteredEvent, registeredData(user), correlationId),
  verified: (user: User, correlationId: string = randomUUID()) =>
    createEnvelope(userVerifiedEvent, verifiedData(user), correlationId),
  updated: (user: User, correlationId: string = randomUUID()) =>
    createEnvelope(userUpdatedEvent, updatedData(user), correlationId),
  sessionRevoked: (data: SessionRevokedData, correlationId: string = randomUUID()) =>
    createEnvelope(sessionRevokedEvent, data, correlationId),
};
