import { describe, expect, it } from 'vitest';
import { createVerifiedTokens } from './verified-tokens';

/** A token-shaped string with the given payload (the cache reads only `exp`; verifying is not its job). */
const token = (payload: object, sig = 'sig') =>
  `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;

describe('verified tokens cache', () => {
  it('knows a remembered token until its exp, then forgets it', () => {
    let now = 1_000_000;
    const cache = createVerifiedTokens(100, () => now);
    const t = token({ sub: 'u', exp: 1_060 });
    expect(cache.has(t)).toBe(false);
    cache.remember(t);
    expect(cache.has(t)).toBe(true);
    now = 1_059_999;
    expect(cache.has(t)).toBe(true);
    now = 1_060_000;
    expect(cache.has(t)).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('does not remember a token without a usable exp', () => {
    const cache = createVerifiedTokens(100, () => 0);
    for (const t of [token({ sub: 'u' }), token({ exp: '9999999999' }), 'not.a-json.token', 'plain']) {
      cache.remember(t);
      expect(cache.has(t)).toBe(false);
    }
    expect(cache.size).toBe(0);
  });

  it('is keyed by the whole token: another signature is another token', () => {
    const cache = createVerifiedTokens(100, () => 0);
    cache.remember(token({ exp: 10 }, 'good'));
    expect(cache.has(token({ exp: 10 }, 'forged'))).toBe(false);
  });

  it('stays within its bound, dropping the oldest first', () => {
    const cache = createVerifiedTokens(10, () => 0);
    const tokens = Array.from({ length: 25 }, (_, i) => token({ exp: 100, i }));
    for (const t of tokens) cache.remember(t);
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.has(tokens[24]!)).toBe(true);
    expect(cache.has(tokens[0]!)).toBe(false);
  });
});
