import { createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { accessTokenClaimsSchema, type AccessLevel, type AccessTokenClaims } from '@noek/contracts';
import type { AuthUser } from '../http/request-context';

/** The claims are declared once, in @noek/contracts (auth/session.schema.ts); re-exported for verifiers. */
export { accessTokenClaimsSchema, type AccessTokenClaims };

/** The only algorithm accepted: asymmetric, so verifiers never hold a signing secret. */
export const ACCESS_TOKEN_ALGORITHM = 'ES256' as const;

export interface SignAccessTokenInput {
  userId: string;
  accessLevel: AccessLevel;
  sessionId?: string;
}

/** For the auth service (and tests): signs with the ES256 private key. */
export function signAccessToken(
  input: SignAccessTokenInput,
  privateKeyPem: string,
  expiresInSeconds = 900,
): string {
  const payload = {
    lvl: input.accessLevel,
    typ: 'access',
    ...(input.sessionId ? { sid: input.sessionId } : {}),
  };
  return jwt.sign(payload, privateKeyPem, {
    algorithm: ACCESS_TOKEN_ALGORITHM,
    subject: input.userId,
    expiresIn: expiresInSeconds,
    jwtid: randomUUID(),
  });
}

/**
 * Parsed public keys by PEM. jsonwebtoken re-parses a PEM string on every verify (createPublicKey is
 * most of the verification cost); a KeyObject is taken as is. A process holds one or two keys (a
 * rotation), so the cache is tiny; the bound only guards against a caller passing ever-new strings.
 */
const publicKeys = new Map<string, KeyObject>();
const MAX_CACHED_KEYS = 8;

/** The KeyObject for a PEM, parsed once; the PEM itself when it does not parse (jsonwebtoken then refuses it). */
export function publicKeyObject(publicKeyPem: string): KeyObject | string {
  const cached = publicKeys.get(publicKeyPem);
  if (cached) return cached;
  let key: KeyObject;
  try {
    key = createPublicKey(publicKeyPem);
  } catch {
    return publicKeyPem;
  }
  if (publicKeys.size >= MAX_CACHED_KEYS) publicKeys.clear();
  publicKeys.set(publicKeyPem, key);
  return key;
}

/**
 * Verifies signature (ES256 only: `none`, HS* and RS* are refused, so a public key can never be
 * used as an HMAC secret), expiry and claim shape. Throws on any problem; returns the user.
 */
export function verifyAccessToken(token: string, publicKeyPem: string): AuthUser {
  const decoded = jwt.verify(token, publicKeyObject(publicKeyPem), {
    algorithms: [ACCESS_TOKEN_ALGORITHM],
    clockTolerance: 5,
  });
  const claims = accessTokenClaimsSchema.parse(decoded);
  return {
    id: claims.sub,
    accessLevel: claims.lvl,
    issuedAt: new Date(claims.iat * 1000),
    ...(claims.sid ? { sessionId: claims.sid } : {}),
  };
}
