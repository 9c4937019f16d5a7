import { describe, expect, it } from 'vitest';
import { loadAuthConfig } from './config';
import { generateSigningKeys } from './crypto/keys';

const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/noek' };

describe('auth config', () => {
  it('needs keys or a keys directory, naming the variable', () => {
    expect(() => loadAuthConfig(base)).toThrow(/AUTH_PRIVATE_KEY/);
    expect(loadAuthConfig({ ...base, KEYS_DIR: '.data/keys' }).PORT).toBe(4001);
  });

  it('accepts one-line PEM keys and refuses half a pair', () => {
    const k = generateSigningKeys();
    const oneLine = (s: string) => s.replace(/\n/g, '\\n');
    const cfg = loadAuthConfig({
      ...base,
      AUTH_PRIVATE_KEY: oneLine(k.privateKey),
      AUTH_PUBLIC_KEY: oneLine(k.publicKey),
    });
    expect(cfg.AUTH_PRIVATE_KEY).toBe(k.privateKey);
    expect(() => loadAuthConfig({ ...base, AUTH_PRIVATE_KEY: k.privateKey })).toThrow(/AUTH_PUBLIC_KEY/);
  });

  it('refuses the dev mailbox together with SMTP, and half of the admin pair', () => {
    const dir = { ...base, KEYS_DIR: 'k' };
    expect(() => loadAuthConfig({ ...dir, DEV_MAILBOX: 'true', SMTP_URL: 'smtp://x:25' })).toThrow(
      /DEV_MAILBOX/,
    );
    expect(() => loadAuthConfig({ ...dir, ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
  });
});
