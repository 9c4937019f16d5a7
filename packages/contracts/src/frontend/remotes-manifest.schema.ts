import * as z from 'zod/mini';

/** A remote's mf-manifest.json: absolute (https://cdn.example/chat/mf-manifest.json) or same-origin path. */
const manifestUrlSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(2048),
  z.refine((u) => u.startsWith('/') || /^https?:\/\//.test(u), 'must be an http(s) URL or an absolute path'),
);

/**
 * GET /remotes-manifest.json, served by the gateway from configuration: where each remote's
 * mf-manifest.json lives, read by the shell at run time (registerRemotes, then loadRemote).
 * zod/mini, like the other boot file schemas (boot-schemas.ts): checked before a remote loads.
 */
export const remotesManifestSchema = z.object({
  remotes: z.object({
    chat: manifestUrlSchema,
    admin: manifestUrlSchema,
    billing: manifestUrlSchema,
    marketing: manifestUrlSchema,
  }),
});
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

export { REMOTES_MANIFEST_PATH } from './paths';
