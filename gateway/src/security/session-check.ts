import type { IncomingMessage } from 'node:http';
import type { ServiceName } from '@noek/contracts';
import { SESSION_ENDED_MESSAGE, accessTokenFromHeaders, verifyAccessToken } from '@noek/service-kit';
import { createVerifiedTokens } from './verified-tokens';

/** Services whose every route needs a signed-in user; auth decides for itself (sign-in is public). */
const sessionServices: ReadonlySet<ServiceName> = new Set(['chat', 'billing', 'admin']);

export type SessionVerdict = { ok: true } | { ok: false; message: string };

/**
 * Refuses, before any upstream work, a call to a signed-in-only service that carries no access token or
 * one that is forged, tampered or expired. The services verify again and also apply revocation (they
 * know the user's sessionsValidAfter); this is the cheap first gate, and cheaper still for a token it has
 * verified before (security/verified-tokens.ts). Off when no public key is configured.
 */
export function createSessionCheck(publicKey: string | undefined, exemptPaths: readonly string[]) {
  const exempt = new Set(exemptPaths);
  const verified = createVerifiedTokens();
  return (req: Pick<IncomingMessage, 'headers'>, path: string, service: ServiceName): SessionVerdict => {
    if (!publicKey || !sessionServices.has(service) || exempt.has(path)) return { ok: true };
    const token = accessTokenFromHeaders(req.headers);
    if (!token) return { ok: false, message: 'Please sign in to continue.' };
    if (verified.has(token)) return { ok: true };
    try {
      verifyAccessToken(token, publicKey);
      verified.remember(token);
      return { ok: true };
    } catch {
      return { ok: false, message: SESSION_ENDED_MESSAGE };
    }
  };
}
export type SessionCheck = ReturnType<typeof createSessionCheck>;
