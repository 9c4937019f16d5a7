import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authKey } from './auth-keys';

describe('authKey', () => {
  it('prefers the configured PEM, else reads the file under KEYS_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'noek-keys-'));
    writeFileSync(join(dir, 'auth-public.pem'), 'from-file');
    expect(authKey('public', 'given', dir)).toBe('given');
    expect(authKey('public', undefined, dir)).toBe('from-file');
    expect(() => authKey('private', undefined, dir)).toThrow(/auth-private\.pem/);
  });
});
