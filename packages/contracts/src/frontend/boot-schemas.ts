/**
 * The two boot files' schemas alone (subpath `@noek/contracts/boot-schemas`), written with zod/mini:
 * the shell checks /config.json (once idle) and /remotes-manifest.json (before a remote loads) with
 * ~5 KB gzip of zod and a few ms, where the package root would download classic zod and build every
 * schema of the package first (one shared module: a long task on a phone, issue 9).
 */
export { shellConfigSchema } from './shell-config.schema';
export { remotesManifestSchema } from './remotes-manifest.schema';
