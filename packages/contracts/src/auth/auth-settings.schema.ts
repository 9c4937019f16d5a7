import { z } from 'zod';

/**
 * GET /api/auth/settings: public, non-secret facts the sign-in screens show. `devMailboxUrl` is
 * set only in the single-machine mode without SMTP, where emails are kept in a local mailbox.
 */
export const authSettingsResponseSchema = z.object({
  supportEmail: z.string(),
  devMailboxUrl: z.string().nullable(),
});
export type AuthSettingsResponse = z.infer<typeof authSettingsResponseSchema>;
