import { describe, expect, it } from 'vitest';
import {
  assertMaySend,
  assertReplySlot,
  assertSessionValid,
  BANNED_MESSAGE,
  BLOCKED_MESSAGE,
} from './user-access';

describe('user access', () => {
  it('refuses a token issued before the revocation, accepts one at or after it', () => {
    const validAfter = new Date('2026-01-01T10:00:05Z');
    expect(() =>
      assertSessionValid({ sessionsValidAfter: validAfter }, new Date('2026-01-01T10:00:04Z')),
    ).toThrow(/sign in again/);
    expect(() =>
      assertSessionValid({ sessionsValidAfter: validAfter }, new Date('2026-01-01T10:00:05Z')),
    ).not.toThrow();
    expect(() => assertSessionValid({ sessionsValidAfter: null }, new Date(0))).not.toThrow();
  });
  it('checks banned before blocked', () => {
    expect(() => assertMaySend({ isBanned: true, isBlocked: true })).toThrow(BANNED_MESSAGE);
    expect(() => assertMaySend({ isBanned: false, isBlocked: true })).toThrow(BLOCKED_MESSAGE);
    expect(() => assertMaySend({ isBanned: false, isBlocked: false })).not.toThrow();
  });
  it('caps replies at once', () => {
    expect(() => assertReplySlot(2, 3)).not.toThrow();
    expect(() => assertReplySlot(3, 3)).toThrow(/several replies/);
  });
});
