import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const files = { public: 'auth-public.pem', private: 'auth-private.pem' } as const;

/**
 * One of auth's ES256 keys: the PEM given in config (AUTH_PUBLIC_KEY / AUTH_PRIVATE_KEY), else the file the
 * single-machine mode wrote under KEYS_DIR (auth starts first and generates the pair there once).
 */
export function authKey(which: 'public' | 'private', given: string | undefined, keysDir?: string): string {
  return given ?? readFileSync(join(keysDir ?? '', files[which]), 'utf8');
}
