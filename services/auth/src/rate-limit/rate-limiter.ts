/**
 * Fixed-window counters in memory, one limiter per operation. Keys combine the client address
 * with the target email, plus a looser per-address limit, so an attacker can slow only their own
 * address and cannot lock a victim out of their account from elsewhere.
 * Per process: with several auth replicas each keeps its own counts (documented in README).
 */
export type RateLimitRule = { limit: number; windowMs: number };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSec: number };

export function createRateLimiter(rule: RateLimitRule, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  function sweep(t: number) {
    if (t - lastSweep < rule.windowMs) return;
    lastSweep = t;
    for (const [k, w] of windows) if (t - w.start >= rule.windowMs) windows.delete(k);
  }

  return {
    hit(key: string): RateDecision {
      const t = now();
      sweep(t);
      let w = windows.get(key);
      if (!w || t - w.start >= rule.windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count <= rule.limit) return { allowed: true };
      return { allowed: false, retryAfterSec: Math.max(1, Math.ceil((w.start + rule.windowMs - t) / 1000)) };
    },
    reset() {
      windows.clear();
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
