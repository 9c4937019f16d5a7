import * as z from 'zod/mini';

/**
 * GET /config.json (served by the gateway, `Cache-Control: no-store`): the shell's runtime
 * configuration. Hosts are `hostname` or `hostname:port`, lower case, as configured in the
 * gateway's MARKETING_HOSTS / CHAT_HOSTS. `version` is the same value /api/version answers.
 *
 * zod/mini (the same zod, its tree-shakable form): the shell checks this file in the browser, where
 * classic zod's start-up is a long task (~30 ms here); mini's a few ms.
 */
export const shellRuntimeConfigSchema = z.object({
  marketingHosts: z.array(z.string().check(z.minLength(1))),
  chatHosts: z.array(z.string().check(z.minLength(1))),
  version: z.string().check(z.minLength(1)),
});
export type ShellRuntimeConfig = z.infer<typeof shellRuntimeConfigSchema>;
