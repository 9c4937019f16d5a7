import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, isIssuedAfter, issuedAtFor, revocationTime } from './jwt';
import { generateSigningKeys } from './keys';

const keys = generateSigningKeys();
const signer = createTokenSigner(keys, { accessTtlSec: 900, handoffTtlSec: 30 });

describe('revocation times', () => {
  it('refuses a token issued before a revocation and accepts one issued after it in the same second', () => {
    const t = new Date('2026-01-01T10:00:00.500Z');
    const before = issuedAtFor(new Date(t.getTime() - 100), null);
    const validAfter = revocationTime(t, null);
    expect(isIssuedAfter(before, validAfter)).toBe(false);
    expect(isIssuedAfter(issuedAtFor(new Date(t.getTime() + 100), validAfter), validAfter)).toBe(true);
  });

  it('a second revocation in the same second still ends tokens issued after the first', () => {
    const t = new Date('2026-01-01T10:00:00.100Z');
    const first = revocationTime(t, null);
    const between = issuedAtFor(new Date(t.getTime() + 200), first);
    expect(isIssuedAfter(between, first)).toBe(true);
    const second = revocationTime(new Date(t.getTime() + 400), first);
    expect(isIssuedAfter(between, second)).toBe(false);
    expect(isIssuedAfter(issuedAtFor(new Date(t.getTime() + 500), second), second)).toBe(true);
  });

  it('issues whole seconds, never before validAfter', () => {
    const validAfter = new Date('2026-01-01T10:00:00.250Z');
    const iat = issuedAtFor(new Date('2026-01-01T10:00:00.300Z'), validAfter);
    expect(Number.isInteger(iat)).toBe(true);
    expect(isIssuedAfter(iat, validAfter)).toBe(true);
  });
});

describe('token signer', () => {
  it('round-trips an access token and refuses it as a handoff', () => {
    const token = signer.signAccess({ sub: 'u1', lvl: 'basic', sid: 's1' });
    expect(signer.verifyAccess(token)).toMatchObject({ sub: 'u1', lvl: 'basic', typ: 'access' });
    expect(signer.verifyHandoff(token, 'localhost')).toBeNull();
  });

  it('round-trips a handoff token for its audience only, and refuses it as access', () => {
    const token = signer.signHandoff({ sub: 'u1', aud: 'chat.example', jti: 'j1' });
    expect(signer.verifyHandoff(token, 'chat.example')).toMatchObject({
      sub: 'u1',
      jti: 'j1',
      typ: 'handoff',
    });
    expect(signer.verifyHandoff(token, 'other.example')).toBeNull();
    expect(signer.verifyAccess(token)).toBeNull();
  });

  it('refuses alg none, HS256 with the public key, and another key', () => {
    const none = jwt.sign({ sub: 'u1', lvl: 'admin', typ: 'access', jti: 'x' }, '', { algorithm: 'none' });
    expect(signer.verifyAccess(none)).toBeNull();
    const hs = jwt.sign({ sub: 'u1', lvl: 'admin', typ: 'access', jti: 'x' }, keys.publicKey, {
      algorithm: 'HS256',
    });
    expect(signer.verifyAccess(hs)).toBeNull();
    const other = createTokenSigner(generateSigningKeys(), { accessTtlSec: 900, handoffTtlSec: 30 });
    expect(signer.verifyAccess(other.signAccess({ sub: 'u1', lvl: 'basic', sid: 's1' }))).toBeNull();
  });

  it('refuses an expired token and a handoff older than its 30 s', () => {
    const past = new Date(Date.now() - 1000_000);
    expect(
      signer.verifyAccess(signer.signAccess({ sub: 'u1', lvl: 'basic', sid: 's1', now: past })),
    ).toBeNull();
    const old = signer.signHandoff({ sub: 'u1', aud: 'a', jti: 'j', now: new Date(Date.now() - 31_000) });
    expect(signer.verifyHandoff(old, 'a')).toBeNull();
  });
});
