import { z } from 'zod';

/**
 * GET /config.json (served by the gateway, `Cache-Control: no-store`): the shell's runtime
 * configuration. Hosts are `hostname` or `hostname:port`, lower case, as configured in the
 * gateway's MARKETING_HOSTS / CHAT_HOSTS. `version` is the same value /api/version answers.
 */
export const shellRuntimeConfigSchema = z.object({
  marketingHosts: z.array(z.string().min(1)),
  chatHosts: z.array(z.string().min(1)),
  version: z.string().min(1),
});
export type ShellRuntimeConfig = z.infer<typeof shellRuntimeConfigSchema>;
