/**
 * The shell's boot files, served by the gateway. Zod-free (subpath `@noek/contracts/frontend-paths`),
 * so the shell's first paint can fetch them without downloading the schemas.
 */
/** GET: the shell's runtime configuration (shell-config.schema.ts). */
export const SHELL_CONFIG_PATH = '/config.json';
/** GET: where each remote's mf-manifest.json is (remotes-manifest.schema.ts). */
export const REMOTES_MANIFEST_PATH = '/remotes-manifest.json';
