import { z } from 'zod';
import { authPublicKeyEnv, commonServiceEnv, loadConfig, pemEnv, portEnv } from '@noek/service-kit';

/** http(s) only: `auth:4001` parses as a URL of scheme `auth:`, and every call to it would fail as 'unknown'. */
const httpUrl = z.url({ protocol: /^https?$/ });

/** The admin service's environment. */
export const adminEnvSchema = z.object({
  ...commonServiceEnv,
  PORT: portEnv(4004),
  /** auth's internal API (users) and chat's (usage): never routed by the gateway. */
  AUTH_URL: httpUrl.default('http://127.0.0.1:4001'),
  CHAT_URL: httpUrl.default('http://127.0.0.1:4002'),
  ...authPublicKeyEnv,
  /** Signs the short-lived service tokens auth and chat require on /internal routes. */
  AUTH_PRIVATE_KEY: pemEnv('PRIVATE KEY').optional(),
  /**
   * How long one attempt of a call to auth or chat may take: longer than the slowest action (argon2 hashing
   * on a busy machine). A change whose answer is lost is tried again with the same idempotency key.
   */
  DOWNSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /**
   * The time all attempts of one change may take together; below the gateway's UPSTREAM_TIMEOUT_MS (30 s),
   * so the admin's answer (done, refused, or unknown) always reaches the browser.
   */
  ACTION_BUDGET_MS: z.coerce.number().int().min(100).max(120_000).default(25_000),
});
export type AdminConfig = z.output<typeof adminEnvSchema>;

const withKeys = adminEnvSchema.refine(
  (c) => (c.AUTH_PUBLIC_KEY !== undefined && c.AUTH_PRIVATE_KEY !== undefined) || c.KEYS_DIR !== undefined,
  { path: ['AUTH_PRIVATE_KEY'], message: 'set AUTH_PUBLIC_KEY and AUTH_PRIVATE_KEY, or KEYS_DIR' },
);

export function loadAdminConfig(env: Record<string, string | undefined> = process.env): AdminConfig {
  return loadConfig(withKeys, env);
}
