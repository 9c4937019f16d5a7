import { z } from 'zod';
import { commonServiceEnv, loadConfig } from '@noek/service-kit';

/** The billing service's environment. */
export const billingEnvSchema = z.object({
  ...commonServiceEnv,
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
});
export type BillingConfig = z.output<typeof billingEnvSchema>;

export function loadBillingConfig(env: Record<string, string | undefined> = process.env): BillingConfig {
  return loadConfig(billingEnvSchema, env);
}
