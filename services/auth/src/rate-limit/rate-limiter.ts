/**
 * Fixed-window counters, one limiter per operation. Keys combine the client address with the target
 * email, plus a looser per-address limit, so an attacker can slow only their own address and cannot lock
 * a victim out of their account from elsewhere. The counts live in auth's database (rate_windows), so
 * every auth replica counts together.
 */
import type { RateWindowsRepository } from './rate-windows.repository';

export type RateLimitRule = { limit: number; windowMs: number };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSec: number };

/** The decision for a window holding `count` hits (this one included) since `startedAt`. */
export function decide(rule: RateLimitRule, count: number, startedAt: Date, now: Date): RateDecision {
  if (count <= rule.limit) return { allowed: true };
  const wait = startedAt.getTime() + rule.windowMs - now.getTime();
  return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(wait / 1000)) };
}

export function createRateLimiter(
  name: string,
  rule: RateLimitRule,
  windows: RateWindowsRepository,
  now: () => Date = () => new Date(),
) {
  return {
    /** Counts one attempt for `key`; answers whether it is within the limit. */
    async hit(key: string): Promise<RateDecision> {
      const at = now();
      const w = await windows.increment(name, key, at, rule.windowMs);
      return decide(rule, w.count, w.startedAt, at);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
