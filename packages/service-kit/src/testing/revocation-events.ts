import { createEnvelope, sessionRevokedEvent, userUpdatedEvent } from '@noek/contracts';

/** For tests of revocation followers: the two auth events that revoke tokens, as auth publishes them. */
export const revocationEvents = {
  /** One session signed out (its `sid`). */
  sessionRevoked: (userId: string, sessionId: string, revokedAt = new Date()) =>
    createEnvelope(
      sessionRevokedEvent,
      { userId, sessionId, reason: 'signed-out', revokedAt: revokedAt.toISOString() },
      'test',
    ),
  /** A user's snapshot: tokens issued before `sessionsValidAfter` are refused (sign-out everywhere, ...). */
  userUpdated: (
    userId: string,
    sessionsValidAfter: string | null,
    standing = { isBlocked: false, isBanned: false },
  ) =>
    createEnvelope(
      userUpdatedEvent,
      {
        userId,
        name: 'A',
        email: 'a@example.com',
        accessLevel: 'basic',
        ...standing,
        bannedUntil: null,
        specialFeatures: [],
        sessionsValidAfter,
        updatedAt: new Date().toISOString(),
      },
      'test',
    ),
};
