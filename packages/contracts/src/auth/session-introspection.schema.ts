import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids.schema';

/**
 * Auth's answer on an access token's session, for a verifier whose revocation feed is stale (NATS down,
 * its follower behind): POST `sessionIntrospectionRoute.path` with the token as `Authorization: Bearer`.
 * Token introspection in the sense of RFC 7662: the caller shows the token itself, so it learns nothing
 * about any session it does not hold. Internal: the gateway does not route `/internal/*`.
 */
export const sessionIntrospectionRoute = {
  method: 'POST',
  path: '/internal/auth/sessions/introspect',
} as const;

export const sessionIntrospectionResponseSchema = z.object({
  /** Auth would accept this token now (signature, expiry, sessionsValidAfter, its session, no ban). */
  active: z.boolean(),
  /**
   * What ended it: `session` (signed out in that browser), `user` (every token of the user issued before
   * `sessionsValidAfter`: sign-out everywhere, password change, ban, block, level change), or `token`
   * (it no longer verifies). Null while active.
   */
  ended: z.enum(['session', 'user', 'token']).nullable(),
  /** The user's horizon: tokens issued before it are refused (null when none). */
  sessionsValidAfter: isoDateTimeSchema.nullable(),
  /** The user is blocked or banned: what they have running stops too. */
  stop: z.boolean(),
});
export type SessionIntrospection = z.infer<typeof sessionIntrospectionResponseSchema>;

/**
 * The same verdicts for many tokens in one call: what a verifier with a stale feed asks every 250 ms about
 * the tokens behind its open streams and live replies. One request and two queries for all of them, where
 * one call per token (tens of them, from every replica, four times a second) overwhelmed auth. Each token is
 * still shown whole, so the caller learns only about tokens it holds.
 */
export const sessionBatchIntrospectionRoute = {
  method: 'POST',
  path: '/internal/auth/sessions/introspect-many',
} as const;

/** Tokens per call: a verifier sends more in several calls. */
export const SESSION_INTROSPECTION_BATCH_MAX = 100;

export const sessionBatchIntrospectionRequestSchema = z.object({
  tokens: z.array(z.string().min(1).max(4096)).min(1).max(SESSION_INTROSPECTION_BATCH_MAX),
});
export type SessionBatchIntrospectionRequest = z.infer<typeof sessionBatchIntrospectionRequestSchema>;

/** One verdict per token, in the order asked. */
export const sessionBatchIntrospectionResponseSchema = z.object({
  verdicts: z.array(sessionIntrospectionResponseSchema),
});
