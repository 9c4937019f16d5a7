import { describe, expect, it } from 'vitest';
import { createRateLimiter, heaviest } from './rate-limit';

describe('createRateLimiter', () => {
  it('allows a burst, then refuses with the wait until the next token', () => {
    let now = 0;
    const limiter = createRateLimiter(60, 3, { now: () => now }); // one token per second
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(1);
    now = 500;
    expect(limiter.take('a')).toBe(1);
    now = 1_000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
  });

  it('keeps keys apart', () => {
    const limiter = createRateLimiter(60, 1, { now: () => 0 });
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('b')).toBe(0);
  });

  it('refills no further than the burst', () => {
    let now = 0;
    const limiter = createRateLimiter(60, 2, { now: () => now });
    limiter.take('a');
    now = 3_600_000;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 1]);
  });

  it('0 per minute turns it off', () => {
    const limiter = createRateLimiter(0, 1, { now: () => 0, trackHits: true });
    for (let i = 0; i < 100; i += 1) expect(limiter.take('a')).toBe(0);
    limiter.deduct('a', 50);
    expect(limiter.size).toBe(0);
    expect(limiter.takeHits(10)).toEqual([]);
  });

  it('sweeps full buckets and bounds the number of keys', () => {
    let now = 0;
    const limiter = createRateLimiter(60, 2, { now: () => now, maxKeys: 3 });
    for (const k of ['a', 'b', 'c']) limiter.take(k);
    expect(limiter.size).toBe(3);
    now = 10_000;
    limiter.sweep();
    expect(limiter.size).toBe(0);
    for (const k of ['a', 'b', 'c', 'd', 'e']) limiter.take(k);
    expect(limiter.size).toBeLessThanOrEqual(3);
  });
});

describe('hits shared between replicas', () => {
  it('counts the tokens taken per key since the last takeHits, refusals not included', () => {
    const limiter = createRateLimiter(60, 3, { now: () => 0, trackHits: true });
    for (let i = 0; i < 5; i += 1) limiter.take('a'); // 3 allowed, 2 refused
    limiter.take('b');
    expect(limiter.takeHits(10)).toEqual([
      ['a', 3],
      ['b', 1],
    ]);
    expect(limiter.takeHits(10)).toEqual([]);
    limiter.take('b');
    expect(limiter.takeHits(10)).toEqual([['b', 1]]);
  });

  it('keeps nothing for takeHits unless asked to', () => {
    const limiter = createRateLimiter(60, 3, { now: () => 0 });
    limiter.take('a');
    expect(limiter.takeHits(10)).toEqual([]);
  });

  it('deducts what another replica let through, also for a key it has not seen, below zero if spent', () => {
    let now = 0;
    const a = createRateLimiter(60, 4, { now: () => now, trackHits: true });
    const b = createRateLimiter(60, 4, { now: () => now, trackHits: true });
    // A client alternating between the replicas: 4 requests on each within one interval.
    for (let i = 0; i < 4; i += 1) expect([a.take('ip'), b.take('ip')]).toEqual([0, 0]);
    const fromA = a.takeHits(10);
    const fromB = b.takeHits(10);
    for (const [key, n] of fromB) a.deduct(key, n);
    for (const [key, n] of fromA) b.deduct(key, n);
    // It spent 8 of a shared burst of 4: it waits for 5 refills (one a second) on either replica.
    expect(a.take('ip')).toBe(5);
    expect(b.take('ip')).toBe(5);
    now = 4_000;
    expect(a.take('ip')).toBe(1);
    now = 5_000;
    expect(b.take('ip')).toBe(0);
    // A key only the other replica saw starts below full here too.
    b.deduct('other', 3);
    expect([b.take('other'), b.take('other')]).toEqual([0, 1]);
    // Only what was taken here is shared, not what was deducted (the other replica took that).
    expect(b.takeHits(10)).toEqual([
      ['ip', 1],
      ['other', 1],
    ]);
  });

  it('over an interval of shared hits, two replicas let through the rate of one, not twice it', () => {
    let now = 0;
    const replicas = [0, 1].map(() => createRateLimiter(600, 10, { now: () => now, trackHits: true }));
    let allowed = 0;
    // 60 s of a client sending 100 requests a second, alternating, hits shared every 250 ms.
    for (let tick = 0; tick < 60_000; tick += 10) {
      now = tick;
      if (replicas[(tick / 10) % 2]!.take('ip') === 0) allowed += 1;
      if (tick % 250 === 0) {
        const [h0, h1] = replicas.map((r) => r.takeHits(1_000));
        for (const [k, n] of h0!) replicas[1]!.deduct(k, n);
        for (const [k, n] of h1!) replicas[0]!.deduct(k, n);
      }
    }
    // The configured 600/min plus the burst, give or take one interval of traffic (25 requests).
    expect(allowed).toBeGreaterThanOrEqual(600);
    expect(allowed).toBeLessThanOrEqual(600 + 10 + 25);
  });

  it('bounds a message to the heaviest keys', () => {
    const limiter = createRateLimiter(60_000, 1_000, { now: () => 0, trackHits: true });
    for (let k = 0; k < 50; k += 1) for (let i = 0; i <= k; i += 1) limiter.take(`k${k}`);
    const hits = limiter.takeHits(3);
    expect(hits).toEqual([
      ['k49', 50],
      ['k48', 49],
      ['k47', 48],
    ]);
    expect(heaviest([['a', 1]], 3)).toEqual([['a', 1]]);
  });

  it('tracks no more keys than it holds buckets for', () => {
    const limiter = createRateLimiter(60, 5, { now: () => 0, maxKeys: 4, trackHits: true });
    for (let k = 0; k < 10; k += 1) limiter.take(`k${k}`);
    expect(limiter.takeHits(100).length).toBe(4);
  });
});
