import { generateKeyPairSync } from 'node:crypto';

/** A fresh ES256 (P-256) key pair as PEM: auth's signing key and the verifiers' public key, for tests and benches. */
export function es256KeyPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}
