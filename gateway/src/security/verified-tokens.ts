/**
 * Access tokens this gateway has already verified, each until its own expiry: an ES256 verify costs more
 * than the rest of a proxied request together, and a browser sends the same token on every call for its
 * whole lifetime. Only successes are kept (a forged token is verified, and refused, every time); the
 * services verify again and apply revocation, so the cache never widens what reaches them. Bounded: past
 * `maxEntries` the oldest entries go first (Map keeps insertion order).
 */
export interface VerifiedTokens {
  /** True when `token` was verified before and has not expired since. */
  has(token: string): boolean;
  /** Remembers a token that just passed verification, until the `exp` claim of its payload. */
  remember(token: string): void;
  readonly size: number;
}

/** The `exp` claim (seconds) of a token's payload, or undefined when it has none. */
function expiryOf(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}

export function createVerifiedTokens(maxEntries = 10_000, now: () => number = Date.now): VerifiedTokens {
  const until = new Map<string, number>();
  return {
    has(token) {
      const expiresAt = until.get(token);
      if (expiresAt === undefined) return false;
      if (now() < expiresAt) return true;
      until.delete(token);
      return false;
    },
    remember(token) {
      const exp = expiryOf(token);
      if (exp === undefined) return;
      if (until.size >= maxEntries) {
        // Drop the oldest tenth at once so a full cache does not pay a deletion on every insert.
        let drop = Math.max(1, Math.floor(maxEntries / 10));
        for (const key of until.keys()) {
          until.delete(key);
          if (--drop === 0) break;
        }
      }
      until.set(token, exp * 1000);
    },
    get size() {
      return until.size;
    },
  };
}
