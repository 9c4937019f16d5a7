import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import type { SigningKeys } from './keys';

/** `sid`: the session (refresh-token family) the token was issued for; signing out there ends it. */
export type AccessClaims = {
  sub: string;
  lvl: string;
  typ: 'access';
  sid?: string;
  iat: number;
  exp: number;
  jti: string;
};
export type HandoffClaims = {
  sub: string;
  typ: 'handoff';
  /** login (default) or logout: a token made for one is refused by the other. */
  act?: 'login' | 'logout';
  aud: string;
  iat: number;
  exp: number;
  jti: string;
};

const ALG = 'ES256' as const;

/**
 * Revocation is a per-user time, sessionsValidAfter: a token is valid only if its `iat` (whole
 * seconds, as every JWT library expects) is at or after it. Revocation times are therefore whole
 * seconds rounded up, and each one is at least one second after the previous one, so a token issued
 * between two revocations in the same second never survives the second. Tokens are issued with
 * iat = max(now, sessionsValidAfter) in seconds: a sign-in right after a revocation is valid (its
 * iat may lie up to a second or two ahead, which verifiers accept).
 */
export function issuedAtFor(now: Date, validAfter: Date | null | undefined): number {
  const floor = validAfter ? Math.ceil(validAfter.getTime() / 1000) : 0;
  return Math.max(Math.floor(now.getTime() / 1000), floor);
}

/** The sessionsValidAfter a revocation at `now` sets, given the user's current one. */
export function revocationTime(now: Date, previous?: Date | null): Date {
  const prev = previous ? Math.ceil(previous.getTime() / 1000) + 1 : 0;
  return new Date(Math.max(Math.ceil(now.getTime() / 1000), prev) * 1000);
}

export function isIssuedAfter(iat: number, validAfter: Date | null | undefined): boolean {
  return !validAfter || iat * 1000 >= validAfter.getTime();
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

export function createTokenSigner(keys: SigningKeys, ttl: { accessTtlSec: number; handoffTtlSec: number }) {
  function sign(payload: Record<string, unknown>, ttlSec: number): string {
    return jwt.sign(payload, keys.privateKey, { algorithm: ALG, expiresIn: ttlSec });
  }
  /** Verifies signature (ES256 only: no `none`, no HMAC key confusion) and expiry. */
  function verify(token: string, ignoreExpiration = false): Record<string, unknown> | null {
    try {
      const out = jwt.verify(token, keys.publicKey, { algorithms: [ALG], ignoreExpiration });
      return typeof out === 'object' && out !== null ? (out as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return {
    publicKey: keys.publicKey,
    signAccess(input: {
      sub: string;
      lvl: string;
      sid: string;
      validAfter?: Date | null;
      now?: Date;
    }): string {
      const iat = issuedAtFor(input.now ?? new Date(), input.validAfter);
      return sign(
        { sub: input.sub, lvl: input.lvl, typ: 'access', sid: input.sid, iat, jti: randomUUID() },
        ttl.accessTtlSec,
      );
    },
    signHandoff(input: {
      sub: string;
      aud: string;
      jti: string;
      act?: 'login' | 'logout';
      validAfter?: Date | null;
      now?: Date;
    }): string {
      const iat = issuedAtFor(input.now ?? new Date(), input.validAfter);
      const act = input.act ?? 'login';
      return jwt.sign({ sub: input.sub, typ: 'handoff', act, jti: input.jti, iat }, keys.privateKey, {
        algorithm: ALG,
        expiresIn: ttl.handoffTtlSec,
        audience: input.aud,
      });
    },
    verifyAccess(token: string): AccessClaims | null {
      const c = verify(token);
      if (!c || c.typ !== 'access' || typeof c.sub !== 'string' || typeof c.iat !== 'number') return null;
      if (typeof c.lvl !== 'string' || typeof c.jti !== 'string') return null;
      if (c.sid !== undefined && typeof c.sid !== 'string') return null;
      return c as AccessClaims;
    },
    /** A handoff token for `audience` (any audience when null: the confirm step on the origin host). */
    verifyHandoff(
      token: string,
      audience: string | null,
      act: 'login' | 'logout' = 'login',
      /** Only for a token whose row was confirmed in this browser: its row's expiry governs. */
      opts: { anyAge?: boolean } = {},
    ): HandoffClaims | null {
      const c = verify(token, opts.anyAge === true);
      if (!c || c.typ !== 'handoff' || (audience !== null && c.aud !== audience)) return null;
      if ((c.act ?? 'login') !== act || typeof c.aud !== 'string') return null;
      if (typeof c.sub !== 'string' || typeof c.jti !== 'string' || typeof c.iat !== 'number') return null;
      // Never older than the handoff validity, whatever exp says.
      if (!opts.anyAge && Date.now() / 1000 - c.iat > ttl.handoffTtlSec + 1) return null;
      return c as HandoffClaims;
    },
  };
}
