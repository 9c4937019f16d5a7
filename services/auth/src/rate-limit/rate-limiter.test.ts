import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter';

describe('rate limiter', () => {
  it('allows the limit per window, then answers the seconds to wait, then opens again', () => {
    let t = 0;
    const l = createRateLimiter({ limit: 2, windowMs: 10_000 }, () => t);
    expect(l.hit('a').allowed).toBe(true);
    expect(l.hit('a').allowed).toBe(true);
    t = 4_000;
    expect(l.hit('a')).toEqual({ allowed: false, retryAfterSec: 6 });
    expect(l.hit('b').allowed).toBe(true);
    t = 10_000;
    expect(l.hit('a').allowed).toBe(true);
  });
});
