interface Bucket {
  key: string;
  tokens: number;
  at: number;
  /** Tokens taken here since the last takeHits(), not yet told to the other replicas. */
  unshared: number;
}

export interface RateLimiter {
  /** Takes one token for key: 0 when allowed, else the seconds until one is available. */
  take(key: string): number;
  /**
   * Takes `n` tokens another replica let through for key, now. The bucket may go below zero: the client
   * spent them, and waits for the refill like anyone who did.
   */
  deduct(key: string, n: number): void;
  /**
   * Per key, the tokens taken here since the last call (only keys that took any), at most `max` keys, the
   * heaviest first; those counts start again from zero. Empty unless created with `trackHits`.
   */
  takeHits(max: number): [string, number][];
  /** Forgets keys whose buckets are full again (they behave exactly like new keys). */
  sweep(): void;
  readonly size: number;
}

export interface RateLimiterOptions {
  now?: () => number;
  /** Bound on the keys held; past it full buckets go, then all (clearing only forgives, never blocks). */
  maxKeys?: number;
  /** Count the tokens taken per key for takeHits (a replica sharing its hits); off: nothing is kept. */
  trackHits?: boolean;
}

/** The `max` entries with the most hits (a flood of distinct addresses sends its heaviest hitters). */
export function heaviest(hits: [string, number][], max: number): [string, number][] {
  return hits.length <= max ? hits : hits.sort((a, b) => b[1] - a[1]).slice(0, max);
}

/**
 * An in-memory token bucket per key (client address): `burst` requests at once, refilled at perMinute.
 * Each replica keeps its own buckets; with `trackHits` it also counts what it let through, and
 * security/shared-rate-limit.ts sends that to the other replicas, which deduct() it from theirs, so the
 * limit holds across replicas without a network call per request.
 */
export function createRateLimiter(
  perMinute: number,
  burst: number,
  { now = () => performance.now(), maxKeys = 100_000, trackHits = false }: RateLimiterOptions = {},
): RateLimiter {
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, Bucket>();
  /** Buckets with unshared hits, each once; bounded like the buckets (beyond it, hits go unshared). */
  let touched: Bucket[] = [];

  const sweep = () => {
    const t = now();
    for (const [key, b] of buckets) if (b.tokens + (t - b.at) * perMs >= burst) buckets.delete(key);
  };

  /** The key's bucket, refilled up to now (a new one is full). */
  const bucketAt = (key: string, t: number): Bucket => {
    let b = buckets.get(key);
    if (!b) {
      if (buckets.size >= maxKeys) {
        sweep();
        if (buckets.size >= maxKeys) buckets.clear();
      }
      b = { key, tokens: burst, at: t, unshared: 0 };
      buckets.set(key, b);
    } else {
      b.tokens = Math.min(burst, b.tokens + (t - b.at) * perMs);
      b.at = t;
    }
    return b;
  };

  const countHit = (b: Bucket) => {
    if (b.unshared === 0) {
      if (touched.length >= maxKeys) return;
      touched.push(b);
    }
    b.unshared += 1;
  };

  return {
    take(key) {
      if (perMinute === 0) return 0;
      const b = bucketAt(key, now());
      if (b.tokens >= 1) {
        b.tokens -= 1;
        if (trackHits) countHit(b);
        return 0;
      }
      return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
    },
    deduct(key, n) {
      if (perMinute === 0) return;
      bucketAt(key, now()).tokens -= n;
    },
    takeHits(max) {
      const hits = touched.map((b): [string, number] => [b.key, b.unshared]);
      for (const b of touched) b.unshared = 0;
      touched = [];
      return heaviest(hits, max);
    },
    sweep,
    get size() {
      return buckets.size;
    },
  };
}
