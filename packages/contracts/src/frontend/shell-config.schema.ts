import * as z from 'zod/mini';
import { shellRuntimeConfigSchema } from '../gateway/runtime-config.schema';

/**
 * What the shell reads from GET /config.json: the gateway's runtime config plus, optionally, each
 * site's public base URL for cross-site links (the landing's "Try Noek", the 404's 'Return to
 * Chat' on the marketing host). Absent URLs fall back to same-origin paths. zod/mini, like the
 * other boot file schemas (boot-schemas.ts).
 */
export const shellConfigSchema = z.extend(shellRuntimeConfigSchema, {
  chatUrl: z.optional(z.url()),
  marketingUrl: z.optional(z.url()),
});
export type ShellConfig = z.infer<typeof shellConfigSchema>;

/** Path the gateway serves the shell config on. */
export { SHELL_CONFIG_PATH } from './paths';
