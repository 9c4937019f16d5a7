import { z } from 'zod';

/**
 * Service-to-service authentication. The admin service calls auth's and chat's `/internal/...` routes
 * with a short-lived ES256 JWT signed with auth's key, whose `typ` is 'service' (so it is never accepted
 * as a session) and whose `sub` names the calling service. A browser, the gateway or anyone reaching a
 * service port without that key cannot mint one. The acting admin travels in `actorHeader`.
 */
export const serviceTokenHeader = 'x-noek-service-token';
export const actorHeader = 'x-noek-actor-id';
/**
 * The admin service's key for one action (a UUID it generates per action): auth does the action at most
 * once per key and answers a retry with the same outcome (a reset's password included), so the admin
 * service can retry a call whose answer was lost without acting twice.
 */
export const idempotencyKeyHeader = 'idempotency-key';
export const idempotencyKeySchema = z.uuid();
export const SERVICE_TOKEN_TYP = 'service';
export const SERVICE_TOKEN_TTL_SEC = 60;
export const serviceTokenClaimsSchema = z.object({
  typ: z.literal(SERVICE_TOKEN_TYP),
  sub: z.enum(['admin']),
  aud: z.enum(['auth', 'chat']),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type ServiceTokenClaims = z.infer<typeof serviceTokenClaimsSchema>;
