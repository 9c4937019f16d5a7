import { RateLimitedError } from '@noek/service-kit';
import type { RateLimiter } from './rate-limiter';

/** The client address as the gateway reported it (trust proxy 1), never a client-sent header. */
export function clientAddressOf(req: { ip?: string; socket: { remoteAddress?: string } }): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** The 429 every auth limit answers, with the wait in words and Retry-After. */
export function tooManyAttempts(retryAfterSec: number): RateLimitedError {
  const when = retryAfterSec >= 120 ? `${Math.ceil(retryAfterSec / 60)} minutes` : `${retryAfterSec} seconds`;
  return new RateLimitedError(`Too many attempts. Please try again in ${when}.`, retryAfterSec);
}

/** Counts one attempt on every limiter given; the first one over its limit answers 429. */
export async function enforceLimits(checks: [RateLimiter, string][]): Promise<void> {
  for (const [limiter, key] of checks) {
    const d = await limiter.hit(key);
    if (!d.allowed) throw tooManyAttempts(d.retryAfterSec);
  }
}
