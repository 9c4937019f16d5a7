import { describe, expect, it } from 'vitest';
import {
  adminBanRequestSchema,
  adminGrantSupernoekRequestSchema,
  adminUpdateUsageRequestSchema,
  adminUpdateUserRequestSchema,
  banEndsAt,
  parseMessageCountInput,
  parseSpecialFeatures,
} from './admin.schema';

describe('ban request', () => {
  const ban = (duration: unknown) => adminBanRequestSchema.safeParse({ reason: 'spam', duration });
  it('reads empty, null or missing duration as permanent', () => {
    expect(ban('').data?.duration).toBeNull();
    expect(ban(null).data?.duration).toBeNull();
    expect(adminBanRequestSchema.parse({ reason: 'spam' }).duration).toBeNull();
  });
  it('accepts whole hours from 1, as number or digit string', () => {
    expect(ban(1).data?.duration).toBe(1);
    expect(ban('168').data?.duration).toBe(168);
  });
  it('refuses zero, fractions, negatives and text', () => {
    for (const d of [0, 0.5, 1.5, -3, '0', 'abc', '1.5', true]) expect(ban(d).success, String(d)).toBe(false);
  });
  it('needs a non-blank reason, trimmed', () => {
    expect(adminBanRequestSchema.safeParse({ reason: '  ', duration: 1 }).success).toBe(false);
    expect(adminBanRequestSchema.parse({ reason: ' spam ', duration: 1 }).reason).toBe('spam');
  });
  it('computes the end, or null when permanent', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    expect(banEndsAt(from, 24)?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(banEndsAt(from, null)).toBeNull();
  });
});

describe('usage', () => {
  it('accepts whole numbers >= 0 and digit strings', () => {
    expect(adminUpdateUsageRequestSchema.parse({ messageCount: 0 })).toEqual({ messageCount: 0 });
    expect(adminUpdateUsageRequestSchema.parse({ messageCount: ' 12 ' })).toEqual({ messageCount: 12 });
  });
  it('refuses negatives, fractions, text, null', () => {
    for (const m of [-1, 1.5, 'abc', '', null, '-1']) {
      expect(adminUpdateUsageRequestSchema.safeParse({ messageCount: m }).success, String(m)).toBe(false);
    }
  });
  it('turns the dialog text into a count, non-numeric to 0', () => {
    expect(parseMessageCountInput('42')).toBe(42);
    expect(parseMessageCountInput(' 7 ')).toBe(7);
    expect(parseMessageCountInput('abc')).toBe(0);
    expect(parseMessageCountInput('')).toBe(0);
    expect(parseMessageCountInput('-5')).toBe(0);
  });
});

describe('edit user', () => {
  const base = { name: 'Ann', email: 'A@b.co', accessLevel: 'premium' };
  it('cleans special features and keeps newPassword optional', () => {
    const r = adminUpdateUserRequestSchema.parse({ ...base, specialFeatures: [' beta ', '', 'beta', 'x'] });
    expect(r).toEqual({
      name: 'Ann',
      email: 'a@b.co',
      accessLevel: 'premium',
      specialFeatures: ['beta', 'x'],
    });
  });
  it('refuses a short new password and an unknown level', () => {
    expect(
      adminUpdateUserRequestSchema.safeParse({ ...base, specialFeatures: [], newPassword: '123' }).success,
    ).toBe(false);
    expect(
      adminUpdateUserRequestSchema.safeParse({ ...base, accessLevel: 'root', specialFeatures: [] }).success,
    ).toBe(false);
  });
  it('parses the comma-separated field', () => {
    expect(parseSpecialFeatures(' a, b ,,a , ')).toEqual(['a', 'b']);
    expect(parseSpecialFeatures('')).toEqual([]);
  });
});

describe('grant supernoek', () => {
  it('defaults to permanent with an email', () => {
    expect(adminGrantSupernoekRequestSchema.parse({})).toEqual({ expiresAt: null, sendEmail: true });
  });
  it('accepts an ISO date-time and refuses other text', () => {
    expect(
      adminGrantSupernoekRequestSchema.parse({ expiresAt: '2027-01-01T00:00:00.000Z', sendEmail: false }),
    ).toEqual({ expiresAt: '2027-01-01T00:00:00.000Z', sendEmail: false });
    expect(adminGrantSupernoekRequestSchema.safeParse({ expiresAt: 'tomorrow' }).success).toBe(false);
  });
});
