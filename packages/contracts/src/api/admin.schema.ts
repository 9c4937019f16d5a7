import { z } from 'zod';
import { storableText } from '../common/text.schema';
import { isoDateTimeSchema } from '../common/ids.schema';
import { ADMIN_PAGE_SIZE, BAN_MAX_DURATION_HOURS, BAN_MIN_DURATION_HOURS } from '../constants';
import { accessLevelSchema } from '../entities/access-level.schema';
import {
  adminUserSchema,
  emailSchema,
  nameSchema,
  SPECIAL_FEATURE_MAX_LENGTH,
  SPECIAL_FEATURES_MAX,
} from '../entities/user.schema';
import { newPasswordSchema } from './auth.schema';

/**
 * One row of GET /api/admin/users: the admin user plus whether the usage columns are live. When chat
 * cannot be reached the list still loads and `usageAvailable` is false (the table says 'unavailable').
 */
export const adminUserRowSchema = adminUserSchema.extend({ usageAvailable: z.boolean() });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/**
 * GET /api/admin/users answers the spec's list (an array: one page of it). Ours: server-side search and
 * paging. `search` matches name, email and access level (case-insensitive substring); `page` is 1-based;
 * the total count of matching users travels in the `X-Total-Count` header, and an `ETag` lets the
 * 5-second refresh be answered 304 when nothing changed.
 */
export const ADMIN_USERS_PAGE_SIZE_MAX = 100;
export const adminUsersQuerySchema = z.object({
  search: storableText().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;
export type AdminUsersQueryInput = z.output<typeof adminUsersQuerySchema>;
export const adminUserListResponseSchema = z.array(adminUserRowSchema);
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;
/** Response headers of GET /api/admin/users. */
export const adminUsersHeaders = { totalCount: 'X-Total-Count' } as const;

/** Every admin mutation on a user answers the updated row, as the table shows it (usage availability too). */
export const adminUserResponseSchema = z.object({ user: adminUserRowSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

/** Levels the Edit User dialog offers (spec §6); supernoek is given by a grant or a payment. */
export const adminEditableAccessLevels = ['basic', 'premium', 'admin'] as const;

/** Trimmed, empties dropped, duplicates removed (spec §5 edit user). */
export const specialFeaturesSchema = z
  .array(storableText().trim().max(SPECIAL_FEATURE_MAX_LENGTH))
  .max(SPECIAL_FEATURES_MAX)
  .transform((list) => [...new Set(list.filter((f) => f.length > 0))]);

/** The Edit User text field: comma-separated, trimmed, empties dropped (spec §5). */
export function parseSpecialFeatures(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((f) => f.trim())
        .filter((f) => f.length > 0),
    ),
  ];
}

/**
 * PATCH /api/admin/users/:id. `accessLevel` accepts every level so that saving a supernoek user's
 * other fields round-trips; the dialog offers only `adminEditableAccessLevels`. `newPassword` is sent
 * only when non-empty (spec §5); the user must change it at next sign-in (decisions.md).
 */
export const adminUpdateUserRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  accessLevel: accessLevelSchema,
  specialFeatures: specialFeaturesSchema,
  newPassword: newPasswordSchema.optional(),
});
export type AdminUpdateUserRequest = z.input<typeof adminUpdateUserRequestSchema>;
export type AdminUpdateUserInput = z.output<typeof adminUpdateUserRequestSchema>;

/** POST /api/admin/users/:id/reset-password answers the generated password (shown in a toast). */
export const adminResetPasswordResponseSchema = z.object({ newPassword: z.string().min(1) });
export type AdminResetPasswordResponse = z.infer<typeof adminResetPasswordResponseSchema>;

/**
 * PATCH /api/admin/users/:id/usage. A whole number >= 0; a digit string is accepted as its number.
 * Non-numeric text is refused here: the spec's "non-numeric becomes 0" is the dialog's job
 * (`parseMessageCountInput`), so a bad API call is reported, not silently zeroed.
 */
export const messageCountSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'Expected a whole number')
      .transform(Number),
  ])
  .pipe(z.number().int('Expected a whole number').min(0).max(2_147_483_647));
export const adminUpdateUsageRequestSchema = z.object({ messageCount: messageCountSchema });
export type AdminUpdateUsageRequest = z.input<typeof adminUpdateUsageRequestSchema>;
export type AdminUpdateUsageInput = z.output<typeof adminUpdateUsageRequestSchema>;

/** Spec §5 usage dialog: the typed text as a count; non-numeric (or negative) becomes 0. */
export function parseMessageCountInput(text: string): number {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 2_147_483_647) : 0;
}

/** PATCH /api/admin/users/:id/block */
export const adminBlockRequestSchema = z.object({ isBlocked: z.boolean() });
export type AdminBlockRequest = z.infer<typeof adminBlockRequestSchema>;

/**
 * POST /api/admin/users/:id/ban. `duration` in whole hours >= 1; null, missing or '' mean permanent
 * (spec §3, §5). A digit string from a text field is accepted as its number.
 */
export const banDurationSchema = z
  .union([
    z.null(),
    z.literal('').transform(() => null),
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,7}$/, 'Duration must be a whole number of hours')
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .int('Duration must be a whole number of hours')
      .min(BAN_MIN_DURATION_HOURS, `Duration must be at least ${BAN_MIN_DURATION_HOURS} hour`)
      .max(BAN_MAX_DURATION_HOURS)
      .nullable(),
  )
  .optional()
  .transform((hours) => hours ?? null);
export const adminBanRequestSchema = z.object({
  reason: storableText().trim().min(1, 'A reason is required').max(500),
  duration: banDurationSchema,
});
export type AdminBanRequest = z.input<typeof adminBanRequestSchema>;
export type AdminBanInput = z.output<typeof adminBanRequestSchema>;

/** The end of a ban starting at `from`, or null for a permanent ban. */
export function banEndsAt(from: Date, durationHours: number | null): Date | null {
  return durationHours === null ? null : new Date(from.getTime() + durationHours * 3_600_000);
}

/** POST /api/admin/users/:id/grant-supernoek (spec §3 premium grant). */
export const adminGrantSupernoekRequestSchema = z.object({
  expiresAt: isoDateTimeSchema.nullable().default(null),
  sendEmail: z.boolean().default(true),
});
export type AdminGrantSupernoekRequest = z.input<typeof adminGrantSupernoekRequestSchema>;
export type AdminGrantSupernoekInput = z.output<typeof adminGrantSupernoekRequestSchema>;

/** Admin actions recorded in the audit log. */
export const adminActionSchema = z.enum([
  'user.updated',
  'user.password-reset',
  'usage.reset',
  'usage.updated',
  'user.blocked',
  'user.unblocked',
  'user.banned',
  'user.unbanned',
  'supernoek.granted',
  // Model providers (stored by chat): no user is the target, the provider is.
  'provider.created',
  'provider.updated',
  'provider.enabled',
  'provider.disabled',
  'provider.deleted',
]);
export type AdminAction = z.infer<typeof adminActionSchema>;

/**
 * Whether an audit entry's action took effect: 'unknown' when the owning service never answered in time
 * (the user's state, and auth's own event, tell what happened).
 */
export const auditOutcomeSchema = z.enum(['succeeded', 'failed', 'unknown']);
export type AuditOutcome = z.infer<typeof auditOutcomeSchema>;

/** One row of the admin audit log (append-only): who did what to whom, before/after, when, which request. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoDateTimeSchema,
  actorId: z.string(),
  actorEmail: z.string(),
  /** null when the target is not a user (a provider: `targetProviderId`). */
  targetUserId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  targetProviderId: z.string().nullable().optional(),
  action: adminActionSchema,
  outcome: auditOutcomeSchema,
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  errorCode: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListResponseSchema = z.array(auditEntrySchema);

/** GET /api/admin/audit?limit= and GET /api/admin/users/:id/audit?limit= (newest first). */
export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
