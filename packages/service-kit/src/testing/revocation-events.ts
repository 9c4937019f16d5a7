import { randomUUID } from 'node:crypto';
import { sessionRevokedEvent, userUpdatedEvent, type EventEnvelope } from '@noek/contracts';

const envelope = (type: string, data: unknown): EventEnvelope => ({
  id: randomUUID(),
  type,
  time: new Date().toISOString(),
  correlationId: 'test',
  data,
});

/** For tests of revocation followers: the two auth events that revoke tokens, as auth publishes them. */
export const revocationEvents = {
  /** One session signed out (its `sid`). */
  sessionRevoked: (userId: string, sessionId: string, revokedAt = new Date()) =>
    envelope(sessionRevokedEvent.subject, {
      userId,
      sessionId,
      reason: 'signed-out',
      revokedAt: revokedAt.toISOString(),
    }),
  /** A user's snapshot: tokens issued before `sessionsValidAfter` are refused (sign-out everywhere, ...). */
  userUpdated: (
    userId: string,
    sessionsValidAfter: string | null,
    standing = { isBlocked: false, isBanned: false },
  ) =>
    envelope(userUpdatedEvent.subject, {
      userId,
      name: 'A',
      email: 'a@example.com',
      accessLevel: 'basic',
      ...standing,
      bannedUntil: null,
      specialFeatures: [],
      sessionsValidAfter,
      updatedAt: new Date().toISOString(),
    }),
};
