import { describe, expect, it } from 'vitest';
import { readHandoffQuery, withoutHandoffParams } from './handoff-query';

describe('handoff query', () => {
  it('reads login with a token, logout without, and nothing else', () => {
    expect(readHandoffQuery('?auth_token=abc&auth_action=login')).toEqual({
      auth_action: 'login',
      auth_token: 'abc',
    });
    expect(readHandoffQuery('?auth_action=logout')).toEqual({ auth_action: 'logout' });
    expect(readHandoffQuery('?auth_action=login')).toBeNull();
    expect(readHandoffQuery('?auth_action=steal&auth_token=x')).toBeNull();
    expect(readHandoffQuery('?x=1')).toBeNull();
  });

  it('cleans only the handoff parameters', () => {
    expect(withoutHandoffParams('?auth_token=abc&auth_action=login&plan=supernoek')).toBe('?plan=supernoek');
    expect(withoutHandoffParams('?auth_token=abc&auth_action=login')).toBe('');
  });
});
