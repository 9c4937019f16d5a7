import { z } from 'zod';
import { isoDateTimeSchema, userIdSchema } from '../common/ids.schema';
import { accessLevelSchema } from '../entities/access-level.schema';
import { defineEvent } from './envelope.schema';

/** A new account (not yet verified). Consumers create their local copy of the user. */
export const userRegisteredEvent = defineEvent(
  'auth.user.registered.v1',
  z.object({
    userId: userIdSchema,
    name: z.string(),
    email: z.string(),
    accessLevel: accessLevelSchema,
    registeredAt: isoDateTimeSchema,
  }),
);
export type UserRegisteredData = z.infer<typeof userRegisteredEvent.data>;

export const userVerifiedEvent = defineEvent(
  'auth.user.verified.v1',
  z.object({ userId: userIdSchema, email: z.string(), verifiedAt: isoDateTimeSchema }),
);
export type UserVerifiedData = z.infer<typeof userVerifiedEvent.data>;

/**
 * The full current state of a user's profile and standing, after any change (edit, level, block,
 * ban, grant, password). A whole snapshot, not a diff, so consumers can apply the latest and ignore
 * older ones. `sessionsValidAfter`: access tokens issued before this instant are refused everywhere
 * (logout, password change, block, ban, role change); null when nothing was revoked.
 */
export const userUpdatedEvent = defineEvent(
  'auth.user.updated.v1',
  z.object({
    userId: userIdSchema,
    name: z.string(),
    email: z.string(),
    accessLevel: accessLevelSchema,
    isBlocked: z.boolean(),
    isBanned: z.boolean(),
    bannedUntil: isoDateTimeSchema.nullable(),
    specialFeatures: z.array(z.string()),
    sessionsValidAfter: isoDateTimeSchema.nullable(),
    updatedAt: isoDateTimeSchema,
  }),
);
export type UserUpdatedData = z.infer<typeof userUpdatedEvent.data>;

/**
 * One session (a browser's sign-in: the `sid` claim of its access tokens) ended: signed out in that
 * browser, or its refresh token was reused (stolen). Access tokens carrying this sid are refused from
 * now on, and open reply streams opened with them end. Other sessions of the user are untouched
 * (ending all of them moves sessionsValidAfter in auth.user.updated.v1 instead).
 */
export const sessionRevokedEvent = defineEvent(
  'auth.session.revoked.v1',
  z.object({
    userId: userIdSchema,
    sessionId: z.string().min(1),
    reason: z.enum(['signed-out', 'refresh-reuse']),
    revokedAt: isoDateTimeSchema,
  }),
);
export type SessionRevokedData = z.infer<typeof sessionRevokedEvent.data>;

/** A successful sign-in (password, refresh excluded): the admin overview's active users. */
export const userSignedInEvent = defineEvent(
  'auth.user.signed-in.v1',
  z.object({ userId: userIdSchema, at: isoDateTimeSchema }),
);
export type UserSignedInData = z.infer<typeof userSignedInEvent.data>;
