import { z } from 'zod';
import { storableText } from '../common/text.schema';
import { isoDateTimeSchema, userIdSchema } from '../common/ids.schema';
import { accessLevelSchema } from './access-level.schema';

/** Length bounds shared by forms and services (names are shown in tables and emails). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const SPECIAL_FEATURE_MAX_LENGTH = 64;
export const SPECIAL_FEATURES_MAX = 50;

/**
 * An email as typed: surrounding spaces dropped and lower-cased so one address means one account. The
 * first, looser bound (room for surrounding spaces) keeps a huge string away from the email pattern.
 */
export const emailSchema = storableText()
  .max(EMAIL_MAX_LENGTH * 2)
  .trim()
  .toLowerCase()
  .pipe(z.email().max(EMAIL_MAX_LENGTH));
export const nameSchema = storableText().trim().min(1, 'Name is required').max(NAME_MAX_LENGTH);

/**
 * The user as the signed-in client sees it (GET /api/auth/me, login) and the base of the admin row.
 * `mustChangePassword` is set after an admin password reset (decisions.md).
 */
export const userSchema = z.object({
  id: userIdSchema,
  name: z.string(),
  email: z.string(),
  accessLevel: accessLevelSchema,
  messageCount: z.number().int().min(0),
  isBlocked: z.boolean(),
  isBanned: z.boolean(),
  specialFeatures: z.array(z.string()),
  emailVerified: z.boolean(),
  mustChangePassword: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The ban on a user: `bannedUntil` null means permanent (spec §3 "empty means permanent"). */
export const banSchema = z.object({
  reason: z.string(),
  bannedAt: isoDateTimeSchema,
  bannedUntil: isoDateTimeSchema.nullable(),
});
export type Ban = z.infer<typeof banSchema>;

/** A free grant of the supernoek plan; `expiresAt` null means permanent (spec §3). */
export const premiumGrantSchema = z.object({
  expiresAt: isoDateTimeSchema.nullable(),
  grantedAt: isoDateTimeSchema,
  grantedBy: userIdSchema,
});
export type PremiumGrant = z.infer<typeof premiumGrantSchema>;

/**
 * One row of the admin users table: the user plus usage window, ban and grant details.
 * Usage: a window opens at the first message after the previous one closed and lasts the level's
 * period (decisions.md); `messageLimit`/`resetPeriodHours` null mean unlimited / never (admin).
 */
export const adminUserSchema = userSchema.extend({
  createdAt: isoDateTimeSchema,
  messageLimit: z.number().int().min(0).nullable(),
  resetPeriodHours: z.number().int().min(1).nullable(),
  usageWindowStartedAt: isoDateTimeSchema.nullable(),
  usageResetsAt: isoDateTimeSchema.nullable(),
  banReason: z.string().nullable(),
  bannedUntil: isoDateTimeSchema.nullable(),
  supernoekExpiresAt: isoDateTimeSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Spec §4: the status column shows Banned, else Blocked, else Active. */
export type UserStatus = 'Banned' | 'Blocked' | 'Active';
export function userStatusLabel(user: Pick<User, 'isBanned' | 'isBlocked'>): UserStatus {
  if (user.isBanned) return 'Banned';
  if (user.isBlocked) return 'Blocked';
  return 'Active';
}
