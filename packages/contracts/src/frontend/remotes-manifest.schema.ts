import { z } from 'zod';

/** A remote's mf-manifest.json: absolute (https://cdn.example/chat/mf-manifest.json) or same-origin path. */
const manifestUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine((u) => u.startsWith('/') || /^https?:\/\//.test(u), 'must be an http(s) URL or an absolute path');

/**
 * GET /remotes-manifest.json, served by the gateway from configuration: where each remote's
 * mf-manifest.json lives, read by the shell at run time (registerRemotes, then loadRemote).
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
