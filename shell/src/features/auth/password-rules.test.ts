import { describe, expect, it } from 'vitest';
import {
  canSubmitChange,
  canSubmitLogin,
  canSubmitReset,
  canSubmitSignup,
  matchState,
  newPasswordProblem,
} from './password-rules';

describe('form rules (spec §5)', () => {
  it('login needs a non-blank email and a password', () => {
    expect(canSubmitLogin('  ', 'x')).toBe(false);
    expect(canSubmitLogin('a@b.co', '')).toBe(false);
    expect(canSubmitLogin(' a@b.co ', ' ')).toBe(true);
  });

  it('signup needs every field, 8 characters and a matching confirmation', () => {
    const ok = { name: 'Ada', email: 'a@b.co', password: '12345678', confirm: '12345678' };
    expect(canSubmitSignup(ok)).toBe(true);
    expect(canSubmitSignup({ ...ok, name: ' ' })).toBe(false);
    expect(canSubmitSignup({ ...ok, password: '1234567', confirm: '1234567' })).toBe(false);
    expect(canSubmitSignup({ ...ok, confirm: '12345679' })).toBe(false);
  });

  it('match indicator stays silent until the confirmation is typed', () => {
    expect(matchState('abc', '')).toBe('empty');
    expect(matchState('abc', 'abc')).toBe('match');
    expect(matchState('abc', 'abd')).toBe('mismatch');
  });

  it('reset and change rules', () => {
    expect(canSubmitReset('abcdef', 'abcdef')).toBe(true);
    expect(canSubmitReset('abcdef', 'abcdeg')).toBe(false);
    expect(canSubmitReset('', '')).toBe(false);
    expect(canSubmitChange('a', 'b', '')).toBe(false);
    expect(canSubmitChange('a', 'b', 'c')).toBe(true);
    expect(newPasswordProblem('abcdef', 'abcdeg')).toBe('Passwords do not match');
    expect(newPasswordProblem('abc', 'abc')).toBe('Password must be at least 6 characters long');
    expect(newPasswordProblem('abcdef', 'abcdef')).toBeNull();
  });
});
