import { REVOCATION_HORIZON_MS } from '@noek/service-kit';

/**
 * How long after a revocation a token of that session can still be unexpired: the one horizon of the
 * revocation list (auth's longest access-token lifetime plus clock tolerance). Auth issues no token for
 * a session after revoking it.
 */
export const REVOCATION_KEPT_MS = REVOCATION_HORIZON_MS;

export function revocationExpiry(revokedAt: Date): Date {
  return new Date(revokedAt.getTime() + REVOCATION_KEPT_MS);
}

/**
 * The revoked session ids in memory (sid → when its tokens have all expired), so the request path
 * checks a session without a database read. Filled from the table at start and on each sync, and
 * at once by the consumer.
 */
export class RevokedSessions {
  private readonly until = new Map<string, number>();

  add(sessionId: string, expiresAt: Date): void {
    this.until.set(sessionId, Math.max(expiresAt.getTime(), this.until.get(sessionId) ?? 0));
  }

  has(sessionId: string | undefined, now: Date): boolean {
    if (!sessionId) return false;
    const t = this.until.get(sessionId);
    return t !== undefined && t > now.getTime();
  }

  /** Drops what has expired at `now`. */
  prune(now: Date): void {
    for (const [sid, t] of this.until) if (t <= now.getTime()) this.until.delete(sid);
  }

  get size(): number {
    return this.until.size;
  }
}
