import { z } from 'zod';
import { accessLevelSchema } from '../entities/access-level.schema';

/**
 * The session's cookies, named once for auth (which sets them), service-kit's requireUser and the
 * gateway (which read the access one) and the tests. The refresh cookie only travels to auth's paths.
 */
export const sessionCookies = {
  access: 'noek_access',
  refresh: 'noek_refresh',
  refreshPath: '/api/auth',
} as const;

/**
 * Claims of the short-lived access token auth signs (ES256) and every service verifies. `typ` keeps other
 * tokens signed with the same key (handoff) from being accepted as a session; `iat` is compared with the
 * user's sessionsValidAfter (revocation); `lvl` is the access level at issue time.
 */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  lvl: accessLevelSchema,
  typ: z.literal('access'),
  sid: z.string().min(1).optional(),
  jti: z.string().optional(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
