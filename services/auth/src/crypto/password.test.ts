import { describe, expect, it } from 'vitest';
import { dummyVerify, hashPassword, passwordHashParams, verifyPassword } from './password';

describe('passwords', () => {
  it('hashes with argon2id at the chosen parameters', async () => {
    const hash = await hashPassword('secret-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=3\$/);
    expect(passwordHashParams.memoryCost).toBe(19_456);
  });

  it('verifies the exact password only (no truncation, Unicode kept)', async () => {
    const pw = 'ünïcødé-🔐-'.repeat(30);
    const hash = await hashPassword(pw);
    expect(await verifyPassword(hash, pw)).toBe(true);
    expect(await verifyPassword(hash, pw + 'a')).toBe(false);
    expect(await verifyPassword(hash, pw.slice(0, 72))).toBe(false);
  });

  it('answers false for a malformed stored hash and for the dummy check', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await dummyVerify('anything')).toBe(false);
  });
});
