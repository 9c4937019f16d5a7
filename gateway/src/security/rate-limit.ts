interface Bucket {
  tokens: number;
  at: number;
}

export interface RateLimiter {
  /** Takes one token for key: 0 when allowed, else the seconds until one is available. */
  take(key: string): number;
  /** Forgets keys whose buckets are full again (they behave exactly like new keys). */
  sweep(): void;
  readonly size: number;
}

/**
 * An in-memory token bucket per key (client address): `burst` requests at once, refilled at
 * perMinute. Per-process: with several gateway replicas each enforces its own share, which is
 * fine for a coarse flood guard; the strict per-route limits live in the services.
 */
export function createRateLimiter(
  perMinute: number,
  burst: number,
  now: () => number = () => performance.now(),
  maxKeys = 100_000,
): RateLimiter {
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, Bucket>();

  const sweep = () => {
    const t = now();
    for (const [key, b] of buckets) if (b.tokens + (t - b.at) * perMs >= burst) buckets.delete(key);
  };

  return {
    take(key) {
      if (perMinute === 0) return 0;
      const t = now();
      let b = buckets.get(key);
      if (!b) {
        // Bound memory under a flood of distinct addresses; clearing only forgives, never blocks.
        if (buckets.size >= maxKeys) {
          sweep();
          if (buckets.size >= maxKeys) buckets.clear();
        }
        b = { tokens: burst, at: t };
        buckets.set(key, b);
      } else {
        b.tokens = Math.min(burst, b.tokens + (t - b.at) * perMs);
        b.at = t;
      }
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
    },
    sweep,
    get size() {
      return buckets.size;
    },
  };
}
