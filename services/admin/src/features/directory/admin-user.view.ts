import { messageLimitFor, type AdminUserRow } from '@noek/contracts';
import { isBannedAt, isWindowOpen, levelOf, type DirectoryRow } from './directory.repository';

/**
 * One row of the admin table as of `now`: a closed usage window reads as 0 (as chat enforces it), an
 * ended timed ban as lifted. Without chat, the usage columns say unavailable instead of guessing.
 */
export function toAdminUserRow(u: DirectoryRow, now: Date, usageAvailable: boolean): AdminUserRow {
  const level = levelOf(u);
  const { limit, periodHours } = messageLimitFor(level);
  const open = isWindowOpen(u, now);
  const banned = isBannedAt(u, now);
  const startedAt = open ? u.usageWindowStartedAt : null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    accessLevel: level,
    messageCount: usageAvailable && open ? u.messageCount : 0,
    isBlocked: u.isBlocked,
    isBanned: banned,
    specialFeatures: u.specialFeatures,
    emailVerified: u.emailVerified,
    mustChangePassword: u.mustChangePassword,
    createdAt: u.createdAt.toISOString(),
    messageLimit: limit,
    resetPeriodHours: periodHours,
    usageWindowStartedAt: usageAvailable ? (startedAt?.toISOString() ?? null) : null,
    usageResetsAt:
      usageAvailable && startedAt && periodHours !== null
        ? new Date(startedAt.getTime() + periodHours * 3_600_000).toISOString()
        : null,
    banReason: banned ? u.banReason : null,
    bannedUntil: banned ? (u.bannedUntil?.toISOString() ?? null) : null,
    supernoekExpiresAt: level === 'supernoek' ? (u.supernoekExpiresAt?.toISOString() ?? null) : null,
    usageAvailable,
  };
}
