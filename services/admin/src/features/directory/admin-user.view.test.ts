import { describe, expect, it } from 'vitest';
import { toAdminUserRow } from './admin-user.view';
import type { DirectoryRow } from './directory.repository';

const now = new Date('2026-03-01T12:00:00.000Z');
const row = (over: Partial<DirectoryRow> = {}): DirectoryRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada',
  email: 'ada@example.com',
  accessLevel: 'basic',
  isBlocked: false,
  isBanned: false,
  banReason: null,
  bannedUntil: null,
  specialFeatures: [],
  emailVerified: true,
  mustChangePassword: false,
  supernoekExpiresAt: null,
  sessionsValidAfter: null,
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  authUpdatedAt: new Date('2026-01-01T00:00:00.000Z'),
  messageCount: 7,
  usageWindowStartedAt: new Date(now.getTime() - 3_600_000),
  usageSetAt: null,
  searchText: 'ada',
  ...over,
});

describe('toAdminUserRow', () => {
  it('shows usage in an open window with when it resets', () => {
    const r = toAdminUserRow(row(), now, true);
    expect(r).toMatchObject({
      messageCount: 7,
      messageLimit: 3_000,
      resetPeriodHours: 24,
      usageAvailable: true,
    });
    expect(r.usageResetsAt).toBe('2026-03-02T11:00:00.000Z');
  });

  it('reads a closed window as 0, as chat enforces it', () => {
    const closed = row({ usageWindowStartedAt: new Date(now.getTime() - 25 * 3_600_000) });
    expect(toAdminUserRow(closed, now, true)).toMatchObject({ messageCount: 0, usageWindowStartedAt: null });
  });

  it('says usage is unavailable without chat instead of guessing', () => {
    expect(toAdminUserRow(row(), now, false)).toMatchObject({
      messageCount: 0,
      usageWindowStartedAt: null,
      usageResetsAt: null,
      usageAvailable: false,
    });
  });

  it('reads a timed ban whose end passed as lifted, and keeps one in force', () => {
    const ended = row({ isBanned: true, banReason: 'Spam', bannedUntil: new Date(now.getTime() - 1) });
    expect(toAdminUserRow(ended, now, true)).toMatchObject({
      isBanned: false,
      banReason: null,
      bannedUntil: null,
    });
    const inForce = row({ isBanned: true, banReason: 'Spam', bannedUntil: new Date(now.getTime() + 60_000) });
    expect(toAdminUserRow(inForce, now, true)).toMatchObject({ isBanned: true, banReason: 'Spam' });
  });
});
