import type { AuthConfig } from '../config';
import { generateKeyPairSync, createPrivateKey, createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';

export type SigningKeys = { privateKey: string; publicKey: string };

export function generateSigningKeys(): SigningKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

/** Throws when the pair is not an EC P-256 pair that belongs together. */
export function assertSigningKeys(keys: SigningKeys): SigningKeys {
  const priv = createPrivateKey(keys.privateKey);
  const pub = createPublicKey(keys.publicKey);
  if (priv.asymmetricKeyType !== 'ec' || priv.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('AUTH_PRIVATE_KEY must be an EC P-256 (ES256) private key in PEM');
  }
  const derived = createPublicKey(priv).export({ type: 'spki', format: 'pem' }).toString();
  if (derived !== pub.export({ type: 'spki', format: 'pem' }).toString()) {
    throw new Error('AUTH_PUBLIC_KEY does not match AUTH_PRIVATE_KEY');
  }
  return keys;
}

/**
 * Single-machine mode: the key pair is generated once and kept in `dir` (private key 0600), so
 * sessions survive restarts. Other processes (gateway, services) read `public.pem` from there.
 */
export function loadOrCreateKeys(dir: string): SigningKeys {
  const privPath = join(dir, 'auth-private.pem');
  const pubPath = join(dir, 'auth-public.pem');
  if (existsSync(privPath) && existsSync(pubPath)) {
    return assertSigningKeys({
      privateKey: readFileSync(privPath, 'utf8'),
      publicKey: readFileSync(pubPath, 'utf8'),
    });
  }
  mkdirSync(dir, { recursive: true });
  const keys = generateSigningKeys();
  writeFileSync(privPath, keys.privateKey, { mode: 0o600 });
  chmodSync(privPath, 0o600);
  writeFileSync(pubPath, keys.publicKey);
  return keys;
}

/** Keys from AUTH_PRIVATE_KEY/AUTH_PUBLIC_KEY, else generated once under KEYS_DIR. */
export function resolveSigningKeys(config: AuthConfig): SigningKeys {
  if (config.AUTH_PRIVATE_KEY && config.AUTH_PUBLIC_KEY) {
    return assertSigningKeys({ privateKey: config.AUTH_PRIVATE_KEY, publicKey: config.AUTH_PUBLIC_KEY });
  }
  return loadOrCreateKeys(config.KEYS_DIR!);
}
