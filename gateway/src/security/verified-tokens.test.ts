import { describe, expect, it } from 'vitest';
import { createVerifiedTokens, unverifiedUserOf, type TokenUser } from './verified-tokens';

/** A token-shaped string with the given payload (the cache reads only `exp`; verifying is not its job). */
const token = (payload: object, sig = 'sig') =>
  `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
const user: TokenUser = { id: 'u', issuedAt: new Date(1_000_000), sessionId: 's' };

describe('verified tokens cache', () => {
  it('knows a remembered token and its user until its exp, then forgets it', () => {
    let now = 1_000_000;
    const cache = createVerifiedTokens(100, () => now);
    const t = token({ sub: 'u', exp: 1_060 });
    expect(cache.get(t)).toBeUndefined();
    cache.remember(t, user);
    expect(cache.get(t)).toBe(user);
    now = 1_059_999;
    expect(cache.get(t)).toBe(user);
    now = 1_060_000;
    expect(cache.get(t)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not remember a token without a usable exp', () => {
    const cache = createVerifiedTokens(100, () => 0);
    for (const t of [token({ sub: 'u' }), token({ exp: '9999999999' }), 'not.a-json.token', 'plain']) {
      cache.remember(t, user);
      expect(cache.get(t)).toBeUndefined();
    }
    expect(cache.size).toBe(0);
  });

  it('is keyed by the whole token: another signature is another token', () => {
    const cache = createVerifiedTokens(100, () => 0);
    cache.remember(token({ exp: 10 }, 'good'), user);
    expect(cache.get(token({ exp: 10 }, 'forged'))).toBeUndefined();
  });

  it('stays within its bound, dropping the oldest first', () => {
    const cache = createVerifiedTokens(10, () => 0);
    const tokens = Array.from({ length: 25 }, (_, i) => token({ exp: 100, i }));
    for (const t of tokens) cache.remember(t, user);
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.get(tokens[24]!)).toBe(user);
    expect(cache.get(tokens[0]!)).toBeUndefined();
  });
});

describe('unverifiedUserOf', () => {
  it('reads user, issue time and session from an access token, and nothing from anything else', () => {
    const claims = { sub: 'u1', lvl: 'basic', typ: 'access', iat: 1_700_000_000, exp: 1_700_000_900 };
    expect(unverifiedUserOf(token({ ...claims, sid: 's1' }))).toEqual({
      id: 'u1',
      issuedAt: new Date(1_700_000_000_000),
      sessionId: 's1',
    });
    expect(unverifiedUserOf(token(claims))).toEqual({ id: 'u1', issuedAt: new Date(1_700_000_000_000) });
    expect(unverifiedUserOf(token({ ...claims, typ: 'handoff' }))).toBeUndefined();
    expect(unverifiedUserOf('plain')).toBeUndefined();
  });
});
