// First start of `docker compose up`: makes the stack's secrets in the `noek-secrets` volume (never in an
// image, never in the repository) and keeps them on every later start. Usage: node init-secrets.mjs <dir>
// Writes the PostgreSQL superuser's and each service role's password, chat's PROVIDER_SECRET_KEY, and the ES256 key pair auth signs
// sessions with (auth-private.pem, auth-public.pem: the names KEYS_DIR expects). A file already there is
// kept as it is, so a restart or an upgrade never changes a password or signs everyone out.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const passwordFiles = [
  'postgres_password',
  'auth_db_password',
  'chat_db_password',
  'billing_db_password',
  'admin_db_password',
];

/** Keys of 32 random bytes (hex): PROVIDER_SECRET_KEY, with which chat encrypts stored API keys. */
export const keyFiles = ['provider_secret_key'];

/** Creates what is missing in `dir`; answers the names of the files it wrote. */
export function initSecrets(dir) {
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const written = [];
  // Readable by the services' users (postgres, node): the volume is mounted read-only into our containers only.
  const write = (name, content) => {
    writeFileSync(join(dir, name), content, { mode: 0o644, flag: 'wx' });
    written.push(name);
  };
  for (const name of passwordFiles)
    if (!existsSync(join(dir, name))) write(name, randomBytes(24).toString('hex'));
  for (const name of keyFiles) if (!existsSync(join(dir, name))) write(name, randomBytes(32).toString('hex'));
  const privatePath = join(dir, 'auth-private.pem');
  const publicPath = join(dir, 'auth-public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    // A half-written pair (one file lost) is replaced whole: the two must match.
    for (const p of [privatePath, publicPath]) if (existsSync(p)) writeFileSync(p, '', { flag: 'w' });
    writeFileSync(privatePath, privateKey, { mode: 0o644 });
    writeFileSync(publicPath, publicKey, { mode: 0o644 });
    written.push('auth-private.pem', 'auth-public.pem');
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node init-secrets.mjs <dir>');
    process.exit(2);
  }
  const written = initSecrets(dir);
  console.log(written.length ? `secrets created: ${written.join(', ')}` : 'secrets already in place: kept');
}
