import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';

describe('createRateLimiter', () => {
  it('allows a burst, then refuses with the wait until the next token', () => {
    let now = 0;
    const limiter = createRateLimiter(60, 3, () => now); // one token per second
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(1);
    now = 500;
    expect(limiter.take('a')).toBe(1);
    now = 1_000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
  });

  it('keeps keys apart', () => {
    const limiter = createRateLimiter(60, 1, () => 0);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('b')).toBe(0);
  });

  it('refills no further than the burst', () => {
    let now = 0;
    const limiter = createRateLimiter(60, 2, () => now);
    limiter.take('a');
    now = 3_600_000;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 1]);
  });

  it('0 per minute turns it off', () => {
    const limiter = createRateLimiter(0, 1, () => 0);
    for (let i = 0; i < 100; i += 1) expect(limiter.take('a')).toBe(0);
    expect(limiter.size).toBe(0);
  });

  it('sweeps full buckets and bounds the number of keys', () => {
    let now = 0;
    const limiter = createRateLimiter(60, 2, () => now, 3);
    for (const k of ['a', 'b', 'c']) limiter.take(k);
    expect(limiter.size).toBe(3);
    now = 10_000;
    limiter.sweep();
    expect(limiter.size).toBe(0);
    for (const k of ['a', 'b', 'c', 'd', 'e']) limiter.take(k);
    expect(limiter.size).toBeLessThanOrEqual(3);
  });
});
