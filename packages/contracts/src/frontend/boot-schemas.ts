/**
 * The two boot files' schemas alone (subpath `@noek/contracts/boot-schemas`): the shell checks
 * /config.json and /remotes-manifest.json once the page is idle, with zod but without building
 * every other schema of the package (the package root is one shared module: importing it evaluates
 * all of them, a long task on a phone).
 */
export { shellConfigSchema } from './shell-config.schema';
export { remotesManifestSchema } from './remotes-manifest.schema';
