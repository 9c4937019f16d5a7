import { describe, expect, it } from 'vitest';
import {
  changePasswordRequestSchema,
  handoffQuerySchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
} from './auth.schema';

describe('auth request schemas', () => {
  it('normalises the email and keeps the password untouched', () => {
    const r = loginRequestSchema.parse({ email: '  Ann@Example.COM ', password: ' secret ' });
    expect(r).toEqual({ email: 'ann@example.com', password: ' secret ' });
  });
  it('refuses a bad email and an empty password', () => {
    expect(loginRequestSchema.safeParse({ email: 'nope', password: 'x' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
  });
  it('needs 8 characters at signup and 6 at change or reset', () => {
    const base = { name: 'Ann', email: 'a@b.co' };
    expect(signupRequestSchema.safeParse({ ...base, password: '1234567' }).success).toBe(false);
    expect(signupRequestSchema.safeParse({ ...base, password: '12345678' }).success).toBe(true);
    expect(
      changePasswordRequestSchema.safeParse({ currentPassword: 'x', newPassword: '12345' }).success,
    ).toBe(false);
    expect(
      changePasswordRequestSchema.safeParse({ currentPassword: 'x', newPassword: '123456' }).success,
    ).toBe(true);
    expect(resetPasswordRequestSchema.safeParse({ token: '', newPassword: '123456' }).success).toBe(false);
  });
  it('refuses a blank name', () => {
    expect(
      signupRequestSchema.safeParse({ name: '   ', email: 'a@b.co', password: '12345678' }).success,
    ).toBe(false);
  });
  it('reads handoff query parameters', () => {
    expect(handoffQuerySchema.parse({ auth_action: 'login', auth_token: 't' })).toEqual({
      auth_action: 'login',
      auth_token: 't',
    });
    expect(handoffQuerySchema.safeParse({ auth_action: 'login' }).success).toBe(false);
    expect(handoffQuerySchema.safeParse({ auth_action: 'logout' }).success).toBe(true);
    expect(handoffQuerySchema.safeParse({ auth_action: 'steal', auth_token: 't' }).success).toBe(false);
  });
});
