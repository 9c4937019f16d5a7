import { errorCodes } from '@noek/contracts';
import { ForbiddenError, RateLimitedError, UnauthenticatedError } from '@noek/service-kit';
import type { ChatUser } from '../../generated/prisma/client';

export const BANNED_MESSAGE =
  'Your account is banned, so you cannot send messages. Contact support if you think this is a mistake.';
export const BLOCKED_MESSAGE =
  'Your account is blocked from sending messages. Contact support if you think this is a mistake.';

/** A token issued before the user's sessions were revoked (logout everywhere, password change, ban). */
export function assertSessionValid(user: Pick<ChatUser, 'sessionsValidAfter'>, issuedAt: Date): void {
  // auth's rule (services/auth/src/crypto/jwt.ts isIssuedAfter): valid only if iat >= sessionsValidAfter.
  if (user.sessionsValidAfter && issuedAt.getTime() < user.sessionsValidAfter.getTime()) {
    throw new UnauthenticatedError('Your session has ended. Please sign in again.');
  }
}

/** Checked before any model call: banned, then blocked (spec §4 status order). */
export function assertMaySend(user: Pick<ChatUser, 'isBanned' | 'isBlocked'>): void {
  if (user.isBanned) throw new ForbiddenError(BANNED_MESSAGE, errorCodes.userBanned);
  if (user.isBlocked) throw new ForbiddenError(BLOCKED_MESSAGE, errorCodes.userBlocked);
}

export const TOO_MANY_REPLIES =
  'You already have several replies being written. Wait for one to finish, then send again.';

/** A cap on one user's parallel model calls (security notes: message sending is rate limited). */
export function assertReplySlot(liveReplies: number, max: number): void {
  if (liveReplies >= max) throw new RateLimitedError(TOO_MANY_REPLIES, 5, errorCodes.tooManyReplies);
}
