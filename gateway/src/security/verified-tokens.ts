import { accessTokenClaimsSchema, type AuthUser } from '@noek/service-kit';

/** Who a token speaks for, as far as revocation goes: the user, when it was issued, and its session. */
export type TokenUser = Pick<AuthUser, 'id' | 'issuedAt' | 'sessionId'>;

/**
 * Access tokens this gateway has already verified, each with its user, until its own expiry: an ES256 verify
 * costs more than the rest of a proxied request together, and a browser sends the same token on every call
 * for its whole lifetime. The user is kept so the revocation check (security/session-check.ts) is two Map
 * lookups. Only successes are kept (a forged token is verified, and refused, every time). Bounded: past
 * `maxEntries` the oldest entries go first (Map keeps insertion order).
 */
export interface VerifiedTokens {
  /** The user of `token` when it was verified before and has not expired since. */
  get(token: string): TokenUser | undefined;
  /** Remembers a token that just passed verification, until the `exp` claim of its payload. */
  remember(token: string, user: TokenUser): void;
  readonly size: number;
}

/** A token's payload as JSON, or undefined when it has none. Not a verification. */
function payloadOf(token: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The `exp` claim (seconds) of a token's payload, or undefined when it has none. */
function expiryOf(token: string): number | undefined {
  const exp = (payloadOf(token) as { exp?: unknown } | undefined)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
}

/**
 * The user a token names, read WITHOUT checking its signature: only for a token this gateway verified
 * before letting its request through (an open stream's), when the cache no longer holds it.
 */
export function unverifiedUserOf(token: string): TokenUser | undefined {
  const claims = accessTokenClaimsSchema.safeParse(payloadOf(token));
  if (!claims.success) return undefined;
  const { sub, iat, sid } = claims.data;
  return { id: sub, issuedAt: new Date(iat * 1000), ...(sid ? { sessionId: sid } : {}) };
}

interface Entry {
  until: number;
  user: TokenUser;
}

export function createVerifiedTokens(maxEntries = 10_000, now: () => number = Date.now): VerifiedTokens {
  const entries = new Map<string, Entry>();
  return {
    get(token) {
      const entry = entries.get(token);
      if (entry === undefined) return undefined;
      if (now() < entry.until) return entry.user;
      entries.delete(token);
      return undefined;
    },
    remember(token, user) {
      const exp = expiryOf(token);
      if (exp === undefined) return;
      if (entries.size >= maxEntries) {
        // Drop the oldest tenth at once so a full cache does not pay a deletion on every insert.
        let drop = Math.max(1, Math.floor(maxEntries / 10));
        for (const key of entries.keys()) {
          entries.delete(key);
          if (--drop === 0) break;
        }
      }
      entries.set(token, { until: exp * 1000, user });
    },
    get size() {
      return entries.size;
    },
  };
}
