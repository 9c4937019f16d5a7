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
