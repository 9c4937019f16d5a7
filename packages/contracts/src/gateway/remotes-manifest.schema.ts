import { z } from 'zod';

/** The micro-frontend remotes the shell federates at run time. */
export const remoteNameSchema = z.enum(['chat', 'admin', 'billing', 'marketing']);
export type RemoteName = z.infer<typeof remoteNameSchema>;
export const remoteNames = remoteNameSchema.options;

/**
 * GET /remotes-manifest.json (served by the gateway, `Cache-Control: no-store`).
 * Each value is the URL of that remote's `mf-manifest.json`: by default a same-origin path
 * (`/remotes/chat/mf-manifest.json`), or an absolute URL when the remote is served from another
 * origin. Resolve it against `location.origin` before registering the remote.
 */
export const remotesManifestSchema = z.object({
  remotes: z.object({
    chat: z.string().min(1),
    admin: z.string().min(1),
    billing: z.string().min(1),
    marketing: z.string().min(1),
  }),
});
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
