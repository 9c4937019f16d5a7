import * as z from 'zod/mini';

/**
 * The micro-frontend remotes the shell federates at run time: the one list the gateway serves and
 * configures, and the shell loads.
 */
export const remoteNames = ['chat', 'admin', 'billing', 'marketing'] as const;
export const remoteNameSchema = z.enum(remoteNames);
export type RemoteName = z.infer<typeof remoteNameSchema>;

/** A remote's mf-manifest.json: absolute (https://cdn.example/chat/mf-manifest.json) or same-origin path. */
const manifestUrlSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(2048),
  z.refine((u) => u.startsWith('/') || /^https?:\/\//.test(u), 'must be an http(s) URL or an absolute path'),
);

/**
 * GET /remotes-manifest.json, served by the gateway from configuration (`Cache-Control: no-store`):
 * where each remote's mf-manifest.json lives, by default a same-origin path
 * (`/remotes/chat/mf-manifest.json`), or an absolute URL when the remote is served from another
 * origin. Read by the shell at run time (registerRemotes, then loadRemote). zod/mini, like the other
 * boot file schemas (boot-schemas.ts): checked before a remote loads. Every remote has an entry.
 */
export const remotesManifestSchema = z.object({
  remotes: z.record(remoteNameSchema, manifestUrlSchema),
});
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
