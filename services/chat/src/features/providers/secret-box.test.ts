import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box';

const box = createSecretBox('a-test-secret-of-at-least-32-characters');

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, and never stores the plain text', () => {
    const sealed = box.seal('sk-live-1234567890abcd');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('sk-live');
    expect(box.open(sealed)).toBe('sk-live-1234567890abcd');
    // A fresh IV each time: the same key seals differently.
    expect(box.seal('sk-live-1234567890abcd')).not.toBe(sealed);
  });

  it('detects a change to the ciphertext, the tag or the IV', () => {
    const sealed = box.seal('sk-secret');
    const parts = sealed.split('.');
    for (const i of [1, 2, 3]) {
      const altered = [...parts];
      const bytes = Buffer.from(altered[i]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      altered[i] = bytes.toString('base64url');
      expect(() => box.open(altered.join('.'))).toThrow(SecretBoxError);
    }
    expect(() => box.open('not sealed')).toThrow(SecretBoxError);
  });

  it('refuses to open with another key', () => {
    const other = createSecretBox('another-secret-of-at-least-32-characters');
    expect(() => other.open(box.seal('sk-secret'))).toThrow(SecretBoxError);
  });
});
