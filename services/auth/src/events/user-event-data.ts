import type { UserRegisteredData, UserUpdatedData, UserVerifiedData } from '@noek/contracts';
import type { User } from '../generated/prisma/client';
import { activeBan } from '../features/users/user.view';

export function registeredData(user: User): UserRegisteredData {
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    accessLevel: user.accessLevel,
    registeredAt: user.createdAt.toISOString(),
  };
}

export function verifiedData(user: User): UserVerifiedData {
  return {
    userId: user.id,
    email: user.email,
    verifiedAt: (user.emailVerifiedAt ?? new Date()).toISOString(),
  };
}

/** The whole current standing of the user (a snapshot, not a diff). */
export function updatedData(user: User, now: Date = new Date()): UserUpdatedData {
  const ban = activeBan(user, now);
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    accessLevel: user.accessLevel,
    isBlocked: user.isBlocked,
    isBanned: ban !== null,
    bannedUntil: ban?.bannedUntil?.toISOString() ?? null,
    specialFeatures: user.specialFeatures,
    sessionsValidAfter: user.sessionsValidAfter.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
