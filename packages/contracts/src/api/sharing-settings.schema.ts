import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids.schema';

/**
 * Whether public share links work on this server, as admins set it. `enabled` null: never set by an
 * admin, so chat's SHARING_ENABLED decides (default on); `updatedAt` null likewise.
 */
export const sharingSettingSchema = z.object({
  enabled: z.boolean().nullable(),
  updatedAt: isoDateTimeSchema.nullable(),
});
export type SharingSetting = z.infer<typeof sharingSettingSchema>;

/** PATCH /api/admin/settings/sharing body: on or off (audited; chat applies it at once). */
export const updateSharingRequestSchema = z.object({ enabled: z.boolean() }).strict();
export type UpdateSharingRequest = z.infer<typeof updateSharingRequestSchema>;

/** GET and PATCH /api/admin/settings/sharing answer. */
export const sharingSettingResponseSchema = z.object({ sharing: sharingSettingSchema });
export type SharingSettingResponse = z.infer<typeof sharingSettingResponseSchema>;
