import { z } from 'zod';
import { storableText } from '../common/text.schema';

/**
 * Body of POST /api/auth/handoff: the host (name, optional port) the user is going to. The token is
 * bound to it (`aud`), so it can only be exchanged on that host. Must be one of the configured
 * chat or marketing hosts (or a loopback name).
 */
export const handoffCreateRequestSchema = z.object({
  targetHost: storableText()
    .trim()
    .toLowerCase()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, 'Expected a host name, optionally with a port'),
  /** login (default): sign in on the other host; logout: end the session there (auth_action=logout). */
  action: z.enum(['login', 'logout']).optional(),
});
export type HandoffCreateRequest = z.infer<typeof handoffCreateRequestSchema>;
