import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A stored secret could not be opened: another PROVIDER_SECRET_KEY, or the stored text was altered. */
export class SecretBoxError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the stored secret could not be decrypted (wrong PROVIDER_SECRET_KEY or altered data)', options);
    this.name = 'SecretBoxError';
  }
}

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets chat stores (providers' API keys). The 256-bit key is derived with HKDF-SHA256
 * from PROVIDER_SECRET_KEY; every secret gets its own random 96-bit IV, and the GCM tag makes any change
 * to the stored text fail to open. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export function createSecretBox(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'noek', 'noek chat provider api keys', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new SecretBoxError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch (err) {
        throw new SecretBoxError({ cause: err });
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
