import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids.schema';
import { userSchema } from '../entities/user.schema';

/**
 * Auth's record of a user for the admin service (internal routes `/internal/auth/users…` on auth,
 * not routed by the gateway): the user plus what only auth knows. Usage columns come from chat.
 */
export const authUserRecordSchema = userSchema.extend({
  createdAt: isoDateTimeSchema,
  banReason: z.string().nullable(),
  bannedUntil: isoDateTimeSchema.nullable(),
  /** The supernoek level came from a paid subscription. */
  paidSupernoek: z.boolean(),
});
export type AuthUserRecord = z.infer<typeof authUserRecordSchema>;

export const authUserListResponseSchema = z.array(authUserRecordSchema);
export const authUserRecordResponseSchema = z.object({ user: authUserRecordSchema });
