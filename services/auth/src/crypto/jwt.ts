import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import type { SigningKeys } from './keys';

export type AccessClaims = { sub: string; lvl: string; typ: 'access'; iat: number; exp: number; jti: string };
export type HandoffClaims = { sub: string; typ: 'handoff'; aud: string; iat: number; exp: number; jti: string };

const ALG = 'ES256' as const;

/**
 * `iat` in seconds with millisecond precision (RFC 7519 NumericDate allows fractions). Whole
 * seconds would let a token issued just before a revocation in the same second survive it, or
 * refuse one issued just after. Never earlier than the user's sessionsValidAfter, so a token made
 * right after a revocation is valid even if the clocks of app and database differ by a little.
 */
export function issuedAtFor(now: Date, validAfter: Date | null | undefined): number {
  return Math.max(now.getTime(), validAfter?.getTime() ?? 0) / 1000;
}

/** The sessionsValidAfter a revocation at `now` sets (milliseconds, as stored). */
export function revocationTime(now: Date): Date {
  return new Date(now.getTime());
}

export function isIssuedAfter(iat: number, validAfter: Date | null | undefined): boolean {
  return !validAfter || Math.round(iat * 1000) >= validAfter.getTime();
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

export function createTokenSigner(keys: SigningKeys, opts: { accessTtlSec: number; handoffTtlSec: number }) {
  function sign(payload: Record<string, unknown>, ttlSec: number): string {
    return jwt.sign(payload, keys.privateKey, { algorithm: ALG, expiresIn: ttlSec });
  }
  /** Verifies signature (ES256 only: no `none`, no HMAC key confusion) and expiry. */
  function verify(token: string): Record<string, unknown> | null {
    try {
      const out = jwt.verify(token, keys.publicKey, { algorithms: [ALG] });
      return typeof out === 'object' && out !== null ? (out as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return {
    publicKey: keys.publicKey,
    signAccess(input: { sub: string; lvl: string; validAfter?: Date | null; now?: Date }): string {
      const iat = issuedAtFor(input.now ?? new Date(), input.validAfter);
      return sign({ sub: input.sub, lvl: input.lvl, typ: 'access', iat, jti: randomUUID() }, opts.accessTtlSec);
    },
    signHandoff(input: { sub: string; aud: string; jti: string; validAfter?: Date | null; now?: Date }): string {
      const iat = issuedAtFor(input.now ?? new Date(), input.validAfter);
      return jwt.sign({ sub: input.sub, typ: 'handoff', jti: input.jti, iat }, keys.privateKey, {
        algorithm: ALG,
        expiresIn: opts.handoffTtlSec,
        audience: input.aud,
      });
    },
    verifyAccess(token: string): AccessClaims | null {
      const c = verify(token);
      if (!c || c.typ !== 'access' || typeof c.sub !== 'string' || typeof c.iat !== 'number') return null;
      if (typeof c.lvl !== 'string' || typeof c.jti !== 'string') return null;
      return c as AccessClaims;
    },
    verifyHandoff(token: string, audience: string): HandoffClaims | null {
      const c = verify(token);
      if (!c || c.typ !== 'handoff' || c.aud !== audience) return null;
      if (typeof c.sub !== 'string' || typeof c.jti !== 'string' || typeof c.iat !== 'number') return null;
      // Never older than the handoff validity, whatever exp says.
      if (Date.now() / 1000 - c.iat > opts.handoffTtlSec + 1) return null;
      return c as HandoffClaims;
    },
  };
}
