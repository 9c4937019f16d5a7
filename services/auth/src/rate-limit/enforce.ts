import type { Request } from 'express';
import { RateLimitedError } from '@noek/service-kit';
import type { RateLimiter } from './rate-limiter';

/** The client address as the gateway reported it (trust proxy 1), never a client-sent header. */
export function clientKey(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** Counts one attempt on every limiter given; the first one over its limit answers 429. */
export function enforceLimits(checks: [RateLimiter, string][]): void {
  for (const [limiter, key] of checks) {
    const d = limiter.hit(key);
    if (!d.allowed) {
      const wait = d.retryAfterSec;
      const when = wait >= 120 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`;
      throw new RateLimitedError(`Too many attempts. Please try again in ${when}.`, wait);
    }
  }
}
