import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, isIssuedAfter, issuedAtFor, revocationTime } from './jwt';
import { generateSigningKeys } from './keys';

const keys = generateSigningKeys();
const signer = createTokenSigner(keys, { accessTtlSec: 900, handoffTtlSec: 30 });

describe('revocation times', () => {
  it('refuses a token issued one millisecond before a revocation and accepts one issued at or after it', () => {
    const t = new Date('2026-01-01T10:00:00.500Z');
    const validAfter = revocationTime(t);
    expect(isIssuedAfter(issuedAtFor(new Date(t.getTime() - 1), null), validAfter)).toBe(false);
    expect(isIssuedAfter(issuedAtFor(t, validAfter), validAfter)).toBe(true);
    expect(isIssuedAfter(issuedAtFor(new Date(t.getTime() + 1), validAfter), validAfter)).toBe(true);
  });

  it('never issues before validAfter even when the clock lags behind it', () => {
    const validAfter = new Date('2026-01-01T10:00:01.000Z');
    const iat = issuedAtFor(new Date('2026-01-01T10:00:00.999Z'), validAfter);
    expect(isIssuedAfter(iat, validAfter)).toBe(true);
  });

  it('survives float rounding over many milliseconds', () => {
    for (let ms = 1_700_000_000_000; ms < 1_700_000_000_000 + 2000; ms += 7) {
      const at = new Date(ms);
      expect(isIssuedAfter(issuedAtFor(at, null), at)).toBe(true);
    }
  });
});

describe('token signer', () => {
  it('round-trips an access token and refuses it as a handoff', () => {
    const token = signer.signAccess({ sub: 'u1', lvl: 'basic' });
    expect(signer.verifyAccess(token)).toMatchObject({ sub: 'u1', lvl: 'basic', typ: 'access' });
    expect(signer.verifyHandoff(token, 'localhost')).toBeNull();
  });

  it('round-trips a handoff token for its audience only, and refuses it as access', () => {
    const token = signer.signHandoff({ sub: 'u1', aud: 'chat.example', jti: 'j1' });
    expect(signer.verifyHandoff(token, 'chat.example')).toMatchObject({ sub: 'u1', jti: 'j1', typ: 'handoff' });
    expect(signer.verifyHandoff(token, 'other.example')).toBeNull();
    expect(signer.verifyAccess(token)).toBeNull();
  });

  it('refuses alg none, HS256 with the public key, and another key', () => {
    const none = jwt.sign({ sub: 'u1', lvl: 'admin', typ: 'access', jti: 'x' }, '', { algorithm: 'none' });
    expect(signer.verifyAccess(none)).toBeNull();
    const hs = jwt.sign({ sub: 'u1', lvl: 'admin', typ: 'access', jti: 'x' }, keys.publicKey, { algorithm: 'HS256' });
    expect(signer.verifyAccess(hs)).toBeNull();
    const other = createTokenSigner(generateSigningKeys(), { accessTtlSec: 900, handoffTtlSec: 30 });
    expect(signer.verifyAccess(other.signAccess({ sub: 'u1', lvl: 'basic' }))).toBeNull();
  });

  it('refuses an expired token and a handoff older than its 30 s', () => {
    const past = new Date(Date.now() - 1000_000);
    expect(signer.verifyAccess(signer.signAccess({ sub: 'u1', lvl: 'basic', now: past }))).toBeNull();
    const old = signer.signHandoff({ sub: 'u1', aud: 'a', jti: 'j', now: new Date(Date.now() - 31_000) });
    expect(signer.verifyHandoff(old, 'a')).toBeNull();
  });
});
