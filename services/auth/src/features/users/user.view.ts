import type { AuthUserRecord, User as ApiUser } from '@noek/contracts';
import type { User } from '../../generated/prisma/client';

/** A ban is in force when set and not yet over (null end = permanent). */
export function activeBan(user: User, now: Date): { reason: string; bannedUntil: Date | null } | null {
  if (!user.isBanned) return null;
  if (user.bannedUntil && user.bannedUntil.getTime() <= now.getTime()) return null;
  return { reason: user.banReason ?? '', bannedUntil: user.bannedUntil };
}

/**
 * The user as the signed-in client sees it. messageCount belongs to chat's usage counters; auth
 * answers 0 and the chat screens read usage from chat.
 */
export function toApiUser(user: User, now: Date = new Date()): ApiUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    accessLevel: user.accessLevel,
    messageCount: 0,
    isBlocked: user.isBlocked,
    isBanned: activeBan(user, now) !== null,
    specialFeatures: user.specialFeatures,
    emailVerified: user.emailVerifiedAt !== null,
    mustChangePassword: user.mustChangePassword,
  };
}

/** Auth's full record of a user for the admin service (contracts authUserRecordSchema). */
export function toAuthUserRecord(user: User, now: Date = new Date()): AuthUserRecord {
  const ban = activeBan(user, now);
  return {
    ...toApiUser(user, now),
    createdAt: user.createdAt.toISOString(),
    banReason: ban ? ban.reason : null,
    bannedUntil: ban?.bannedUntil?.toISOString() ?? null,
    paidSupernoek: user.paidSupernoek,
    supernoekGranted: user.supernoekGrantedAt !== null,
    supernoekExpiresAt: user.supernoekGrantExpiresAt?.toISOString() ?? null,
    sessionsValidAfter: user.sessionsValidAfter.toISOString(),
  };
}
