import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadOrCreateKeys } from '@noek/auth';

type Env = Record<string, string | undefined>;

/**
 * Every service verifies access tokens with auth's public key. When the environment has no key pair,
 * one is generated once under KEYS_DIR (default .data/keys) and handed to every service.
 */
export function withSigningKeys(env: Env): Env {
  if (env.AUTH_PRIVATE_KEY && env.AUTH_PUBLIC_KEY) return env;
  const keys = loadOrCreateKeys(env.KEYS_DIR ?? join('.data', 'keys'));
  return { ...env, AUTH_PRIVATE_KEY: keys.privateKey, AUTH_PUBLIC_KEY: keys.publicKey };
}

/**
 * chat encrypts the API keys of providers admins store with PROVIDER_SECRET_KEY: unless configured, one
 * is generated once under KEYS_DIR (provider-secret.key, 0600), so stored keys stay readable across restarts.
 */
export function withProviderSecret(env: Env): Env {
  if (env.PROVIDER_SECRET_KEY) return env;
  const dir = env.KEYS_DIR ?? join('.data', 'keys');
  const path = join(dir, 'provider-secret.key');
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
  }
  return { ...env, PROVIDER_SECRET_KEY: readFileSync(path, 'utf8').trim() };
}
