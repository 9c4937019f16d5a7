import { describe, expect, it } from 'vitest';
import { isUpgradeOffered } from './access-level.schema';
import { conversationSchema } from './conversation.schema';
import { adminUserSchema, userSchema, userStatusLabel } from './user.schema';
import { sampleUser } from '../testing/sample-user';

const user = sampleUser();

describe('user shapes', () => {
  it('accepts a public user and refuses an unknown level or a non-uuid id', () => {
    expect(userSchema.parse(user)).toEqual(user);
    expect(userSchema.safeParse({ ...user, accessLevel: 'root' }).success).toBe(false);
    expect(userSchema.safeParse({ ...user, id: '42' }).success).toBe(false);
  });
  it('an admin row needs the usage and ban details, null allowed', () => {
    const row = {
      ...user,
      createdAt: '2026-01-01T00:00:00.000Z',
      messageLimit: null,
      resetPeriodHours: null,
      usageWindowStartedAt: null,
      usageResetsAt: null,
      banReason: null,
      bannedUntil: null,
      supernoekExpiresAt: null,
    };
    expect(adminUserSchema.safeParse(row).success).toBe(true);
    expect(adminUserSchema.safeParse(user).success).toBe(false);
  });
  it('labels status Banned, else Blocked, else Active', () => {
    expect(userStatusLabel({ isBanned: true, isBlocked: true })).toBe('Banned');
    expect(userStatusLabel({ isBanned: false, isBlocked: true })).toBe('Blocked');
    expect(userStatusLabel({ isBanned: false, isBlocked: false })).toBe('Active');
  });
  it('offers the upgrade only with no level or basic', () => {
    expect(isUpgradeOffered(undefined)).toBe(true);
    expect(isUpgradeOffered(null)).toBe(true);
    expect(isUpgradeOffered('basic')).toBe(true);
    for (const level of ['premium', 'supernoek', 'admin'] as const)
      expect(isUpgradeOffered(level)).toBe(false);
  });
});

describe('conversation shape', () => {
  it('takes ISO times and a nullable archivedAt', () => {
    const c = {
      id: 1,
      title: 'New Chat',
      userId: user.id,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00+02:00',
      archivedAt: null,
      funMode: false,
    };
    expect(conversationSchema.parse(c)).toEqual(c);
    expect(conversationSchema.safeParse({ ...c, updatedAt: 'yesterday' }).success).toBe(false);
  });
});
