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
