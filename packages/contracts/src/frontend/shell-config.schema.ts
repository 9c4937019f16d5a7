import { z } from 'zod';
import { shellRuntimeConfigSchema } from '../gateway/runtime-config.schema';

/**
 * What the shell reads from GET /config.json: the gateway's runtime config plus, optionally, each
 * site's public base URL for cross-site links (the landing's "Try Noek", the 404's 'Return to
 * Chat' on the marketing host). Absent URLs fall back to same-origin paths.
 */
export const shellConfigSchema = shellRuntimeConfigSchema.extend({
  chatUrl: z.url().optional(),
  marketingUrl: z.url().optional(),
});
export type ShellConfig = z.infer<typeof shellConfigSchema>;

/** Path the gateway serves the shell config on. */
export { SHELL_CONFIG_PATH } from './paths';
