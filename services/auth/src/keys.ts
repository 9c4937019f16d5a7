import type { AuthConfig } from './config';
import { assertSigningKeys, loadOrCreateKeys, type SigningKeys } from './crypto/keys';

/** Keys from AUTH_PRIVATE_KEY/AUTH_PUBLIC_KEY, else generated once under KEYS_DIR. */
export function resolveSigningKeys(config: AuthConfig): SigningKeys {
  if (config.AUTH_PRIVATE_KEY && config.AUTH_PUBLIC_KEY) {
    return assertSigningKeys({ privateKey: config.AUTH_PRIVATE_KEY, publicKey: config.AUTH_PUBLIC_KEY });
  }
  return loadOrCreateKeys(config.KEYS_DIR!);
}
