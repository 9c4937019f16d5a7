import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertSigningKeys, generateSigningKeys, loadOrCreateKeys } from './keys';

describe('signing keys', () => {
  it('are generated once and kept (private key 0600)', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'noek-keys-')), 'nested');
    const first = loadOrCreateKeys(dir);
    const second = loadOrCreateKeys(dir);
    expect(second).toEqual(first);
    expect(statSync(join(dir, 'auth-private.pem')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'auth-public.pem'), 'utf8')).toContain('BEGIN PUBLIC KEY');
  });

  it('refuses a public key that does not belong to the private key', () => {
    const a = generateSigningKeys();
    const b = generateSigningKeys();
    expect(() => assertSigningKeys({ privateKey: a.privateKey, publicKey: b.publicKey })).toThrow(
      /does not match/,
    );
  });
});
