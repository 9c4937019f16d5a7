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
  /** Added for the admin service (optional for older auth builds): the grant's end (null = permanent or none). */
  supernoekExpiresAt: isoDateTimeSchema.nullable().optional(),
  /** Whether a free grant holds the supernoek level. */
  supernoekGranted: z.boolean().optional(),
  /** Access tokens issued before this instant are refused. */
  sessionsValidAfter: isoDateTimeSchema.nullable().optional(),
});
export type AuthUserRecord = z.infer<typeof authUserRecordSchema>;

export const authUserListResponseSchema = z.array(authUserRecordSchema);
export const authUserRecordResponseSchema = z.object({ user: authUserRecordSchema });

/**
 * Auth's internal API for the admin service. Never routed by the gateway, and every call needs a
 * service token (`serviceTokenHeader`, see common/service-token.ts) that only the admin service can
 * mint; the acting admin's id travels in `actorHeader` so auth can refuse self-actions too.
 */
export const authInternalRoutes = {
  list: { method: 'GET', path: '/internal/auth/users' },
  get: { method: 'GET', path: '/internal/auth/users/:id' },
  update: { method: 'PATCH', path: '/internal/auth/users/:id' },
  resetPassword: { method: 'POST', path: '/internal/auth/users/:id/reset-password' },
  block: { method: 'PATCH', path: '/internal/auth/users/:id/block' },
  ban: { method: 'POST', path: '/internal/auth/users/:id/ban' },
  unban: { method: 'POST', path: '/internal/auth/users/:id/unban' },
  grantSupernoek: { method: 'POST', path: '/internal/auth/users/:id/grant-supernoek' },
  /** Ends every grant whose expiry has passed and lifts every timed ban that ended (auth also sweeps by itself). */
  expireGrants: { method: 'POST', path: '/internal/auth/grants/expire-due' },
} as const;

/** GET /internal/auth/users?after=<id>&limit=: keyset paging over every user (the admin read model's sync). */
export const authUserListQuerySchema = z.object({
  after: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

/** POST /internal/auth/users/:id/grant-supernoek: the admin request, already checked (expiry in the future). */
export const authGrantRequestSchema = z.object({
  expiresAt: isoDateTimeSchema.nullable(),
  sendEmail: z.boolean(),
});
export const authExpireGrantsResponseSchema = z.object({ expired: z.number().int().min(0) });
