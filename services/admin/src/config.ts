import { z } from 'zod';
import { commonServiceEnv, loadConfig } from '@noek/service-kit';

/** The admin service's environment. */
export const adminEnvSchema = z.object({
  ...commonServiceEnv,
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
});
export type AdminConfig = z.output<typeof adminEnvSchema>;

export function loadAdminConfig(env: Record<string, string | undefined> = process.env): AdminConfig {
  return loadConfig(adminEnvSchema, env);
}
