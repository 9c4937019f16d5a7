/**
 * The two boot files' schemas alone (subpath `@noek/contracts/boot-schemas`), written with zod/mini:
 * the shell checks /config.json (once idle) and /remotes-manifest.json (before a remote loads) with
 * zod's core and a few ms to start, where the package root would download classic zod and build every
 * schema of the package first (one shared module: a long task on a phone).
 */
export { shellConfigSchema } from './shell-config.schema';
export { remotesManifestSchema } from './remotes-manifest.schema';
