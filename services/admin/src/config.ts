import { z } from 'zod';
import { commonServiceEnv, loadConfig, pemEnv } from '@noek/service-kit';

/** The admin service's environment. */
export const adminEnvSchema = z.object({
  ...commonServiceEnv,
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  /** auth's internal API (users) and chat's (usage): never routed by the gateway. */
  AUTH_URL: z.url().default('http://127.0.0.1:4001'),
  CHAT_URL: z.url().default('http://127.0.0.1:4002'),
  /** Verifies the admin's access token. */
  AUTH_PUBLIC_KEY: pemEnv('PUBLIC KEY').optional(),
  /** Signs the short-lived service tokens auth and chat require on /internal routes. */
  AUTH_PRIVATE_KEY: pemEnv('PRIVATE KEY').optional(),
  /** Single-machine mode: where auth keeps its generated keys, when the keys are not given. */
  KEYS_DIR: z.string().min(1).optional(),
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
  /** How often the admin service asks auth to end grants whose expiry passed (auth owns them). */
  GRANT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
});
export type AdminConfig = z.output<typeof adminEnvSchema>;

const withKeys = adminEnvSchema.refine(
  (c) => (c.AUTH_PUBLIC_KEY !== undefined && c.AUTH_PRIVATE_KEY !== undefined) || c.KEYS_DIR !== undefined,
  { path: ['AUTH_PRIVATE_KEY'], message: 'set AUTH_PUBLIC_KEY and AUTH_PRIVATE_KEY, or KEYS_DIR' },
);

export function loadAdminConfig(env: Record<string, string | undefined> = process.env): AdminConfig {
  return loadConfig(withKeys, env);
}
