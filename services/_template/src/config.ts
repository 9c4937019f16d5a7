import { z } from 'zod';
import { authPublicKeyEnv, commonServiceEnv, loadConfig, portEnv } from '@noek/service-kit';

/** The template service's environment: the only place it is read. */
export const templateEnvSchema = z.object({
  ...commonServiceEnv,
  PORT: portEnv(4099),
  ...authPublicKeyEnv,
  /** auth's base URL: the session guard asks it about sessions while the revocation feed is stale. */
  AUTH_URL: z.url().default('http://127.0.0.1:4001'),
});
export type TemplateConfig = z.output<typeof templateEnvSchema>;

const withKey = templateEnvSchema.refine((c) => c.AUTH_PUBLIC_KEY !== undefined || c.KEYS_DIR !== undefined, {
  path: ['AUTH_PUBLIC_KEY'],
  message: 'is required (or KEYS_DIR with auth-public.pem)',
});

export function loadTemplateConfig(env?: Record<string, string | undefined>): TemplateConfig {
  return loadConfig(withKey, env);
}
