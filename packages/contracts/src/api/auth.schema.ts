import { z } from 'zod';
import { storableText } from '../common/text.schema';
import { errorBodySchema, errorCodes } from '../common/error.schema';
import { isoDateTimeSchema } from '../common/ids.schema';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH_CHANGE, PASSWORD_MIN_LENGTH_SIGNUP } from '../constants';
import { emailSchema, nameSchema, userSchema } from '../entities/user.schema';

/** Login checks the stored hash, so any non-empty password is accepted as input here. */
const anyPasswordSchema = storableText().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH);
/** Spec §5: 8 at signup, 6 at change and reset. Passwords are never trimmed. */
export const signupPasswordSchema = storableText()
  .min(PASSWORD_MIN_LENGTH_SIGNUP, `Password must be at least ${PASSWORD_MIN_LENGTH_SIGNUP} characters long`)
  .max(PASSWORD_MAX_LENGTH);
export const newPasswordSchema = storableText()
  .min(PASSWORD_MIN_LENGTH_CHANGE, `Password must be at least ${PASSWORD_MIN_LENGTH_CHANGE} characters long`)
  .max(PASSWORD_MAX_LENGTH);
/** Opaque single-use tokens (verification, reset, handoff) as they travel in URLs and bodies. */
export const tokenSchema = storableText().min(1).max(512);

/** POST /api/auth/login */
export const loginRequestSchema = z.object({ email: emailSchema, password: anyPasswordSchema });
export type LoginRequest = z.infer<typeof loginRequestSchema>;
/** 200 answer of login, and of GET /api/auth/me and the handoff exchange. */
export const sessionResponseSchema = z.object({ user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export const loginResponseSchema = sessionResponseSchema;
export type LoginResponse = SessionResponse;
export const meResponseSchema = sessionResponseSchema;
export type MeResponse = SessionResponse;

/** 403 answer of login after a correct password for an unverified email (spec §8). */
export const emailNotVerifiedErrorSchema = errorBodySchema.extend({
  code: z.literal(errorCodes.emailNotVerified),
  emailNotVerified: z.literal(true),
  email: z.string(),
});
export type EmailNotVerifiedError = z.infer<typeof emailNotVerifiedErrorSchema>;

/** 403 answer of login (and of any call) for a banned user: the reason and end (null = permanent). */
export const bannedErrorSchema = errorBodySchema.extend({
  code: z.literal(errorCodes.banned),
  reason: z.string(),
  bannedUntil: isoDateTimeSchema.nullable(),
});
export type BannedError = z.infer<typeof bannedErrorSchema>;

/** POST /api/auth/signup; answers 201 `{ message, email }` (then the 'Check Your Email' screen). */
export const signupRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: signupPasswordSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;
export const signupResponseSchema = z.object({ message: z.string(), email: z.string() });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** POST /api/resend-verification and POST /api/auth/forgot-password; both answer `{ message }`. */
export const emailOnlyRequestSchema = z.object({ email: emailSchema });
export const resendVerificationRequestSchema = emailOnlyRequestSchema;
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequestSchema>;
export const forgotPasswordRequestSchema = emailOnlyRequestSchema;
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /api/auth/reset-password; answers `{ message }`. */
export const resetPasswordRequestSchema = z.object({ token: tokenSchema, newPassword: newPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /api/auth/change-password; answers `{ message }`. */
export const changePasswordRequestSchema = z.object({
  currentPassword: anyPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** GET /api/verify-email?token=... */
export const verifyEmailQuerySchema = z.object({ token: tokenSchema });
export type VerifyEmailQuery = z.infer<typeof verifyEmailQuerySchema>;
/** Spec §3 verification response: `user.name` is shown in the welcome. */
export const verifyEmailResponseSchema = z.object({
  verified: z.boolean(),
  message: z.string(),
  user: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/**
 * Cross-domain handoff (decisions.md, docs/security.md): POST /api/auth/handoff (signed in) makes a
 * signed, single-use token valid 30 s, bound to the browser that asked (an HttpOnly cookie on this
 * host). The other host passes it as `?auth_token=...&auth_action=login` and POSTs it to
 * /api/auth/handoff/exchange. The first exchange binds the token to the target browser (another
 * HttpOnly cookie) and answers `confirmUrl`: the browser goes there (GET /api/auth/handoff/confirm on
 * the host that made the token), which checks its cookie and sends the browser back with the same
 * link. The confirm URL carries `bind`, a proof only the bound browser was given, so another browser
 * holding the origin cookie (the token's maker) cannot confirm a token some other browser bound. The
 * second exchange answers `switchAccount` naming the token's account (and the account signed in on the
 * target, or null when none), until it is repeated with `switchAccount: true`: a browser is never signed
 * into an account without being asked; then it answers `{ user }` and sets that host's session (at once
 * when the same account is already signed in there). A token made in one browser never signs in another.
 */
export const handoffActionSchema = z.enum(['login', 'logout']);
export type HandoffAction = z.infer<typeof handoffActionSchema>;
export const handoffCreateResponseSchema = z.object({ token: tokenSchema, expiresAt: isoDateTimeSchema });
export type HandoffCreateResponse = z.infer<typeof handoffCreateResponseSchema>;
export const handoffExchangeRequestSchema = z.object({
  token: tokenSchema,
  /** The person chose to leave the account signed in on this host for the token's account. */
  switchAccount: z.boolean().optional(),
});
export type HandoffExchangeRequest = z.infer<typeof handoffExchangeRequestSchema>;
/** Who an account is, for the ask-before-switching prompt. */
export const handoffAccountSchema = z.object({ name: z.string(), email: z.string() });
export type HandoffAccount = z.infer<typeof handoffAccountSchema>;
export const handoffConfirmNeededSchema = z.object({ confirmUrl: z.url() });
export const handoffSwitchNeededSchema = z.object({
  /** `current` null: this browser is signed out here, and is asked before being signed in as `next`. */
  switchAccount: z.object({ current: handoffAccountSchema.nullable(), next: handoffAccountSchema }),
});
export const handoffExchangeResponseSchema = z.union([
  sessionResponseSchema,
  handoffConfirmNeededSchema,
  handoffSwitchNeededSchema,
]);
export type HandoffExchangeResponse = z.infer<typeof handoffExchangeResponseSchema>;
/**
 * GET /api/auth/handoff/confirm?token=...&bind=...: the round trip through the host that made the token;
 * `bind` is the proof the exchange gave the bound browser (without it nothing is confirmed).
 */
export const handoffConfirmQuerySchema = z.object({ token: tokenSchema, bind: tokenSchema.optional() });
export type HandoffConfirmQuery = z.infer<typeof handoffConfirmQuerySchema>;
/**
 * POST /api/auth/handoff/logout: `auth_action=logout&auth_token=...` from the other site. Ends this
 * browser's session only, and only when the token is a logout handoff of the signed-in user.
 */
export const handoffLogoutRequestSchema = z.object({ token: tokenSchema });
export type HandoffLogoutRequest = z.infer<typeof handoffLogoutRequestSchema>;
/** The query parameters of a handoff URL (spec §4 names). A logout action carries no token. */
export const handoffQuerySchema = z.discriminatedUnion('auth_action', [
  z.object({ auth_action: z.literal('login'), auth_token: tokenSchema }),
  z.object({ auth_action: z.literal('logout'), auth_token: storableText().max(512).optional() }),
]);
export type HandoffQuery = z.infer<typeof handoffQuerySchema>;
