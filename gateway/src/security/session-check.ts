import type { IncomingMessage } from 'node:http';
import { isSessionFreeApiPath, type ServiceName } from '@noek/contracts';
import {
  SESSION_ENDED_MESSAGE,
  accessTokenFromHeaders,
  verifyAccessToken,
  type RevocationList,
} from '@noek/service-kit';
import { createVerifiedTokens, type TokenUser, type VerifiedTokens } from './verified-tokens';

/** Services whose every route needs a signed-in user; auth decides for itself (sign-in is public). */
const sessionServices: ReadonlySet<ServiceName> = new Set(['chat', 'billing', 'admin']);

export type SessionVerdict = { ok: true } | { ok: false; message: string };
/** A verdict now, or (while the revocation feed is stale) once auth has answered. */
export type SessionAnswer = SessionVerdict | Promise<SessionVerdict>;

// The verdicts are constants: the check runs on every /api request and allocates nothing.
const allowed: SessionVerdict = { ok: true };
const noToken: SessionVerdict = { ok: false, message: 'Please sign in to continue.' };
const ended: SessionVerdict = { ok: false, message: SESSION_ENDED_MESSAGE };

export interface SessionCheckOptions {
  /** auth's public key; unset: every session check is left to the services. */
  publicKey: string | undefined;
  exemptPaths: readonly string[];
  /** The revocations this gateway follows (security/gateway-revocations.ts). */
  revocations: Pick<RevocationList, 'isRevoked' | 'isStale' | 'check'>;
  /** Shared with the revocation follower, which reads the users of open streams from it. */
  verified?: VerifiedTokens;
}

/**
 * Refuses, before any upstream work, a call to a signed-in-only service that carries no access token, one
 * that is forged, tampered or expired, or one auth has revoked (sign-out, sign-out everywhere, password
 * change, block, ban, level change: the same 401 and message the services give). A token verified before
 * costs two Map lookups (security/verified-tokens.ts, then the revocation list); the services check again.
 */
export function createSessionCheck(o: SessionCheckOptions) {
  const exempt = new Set(o.exemptPaths);
  const verified = o.verified ?? createVerifiedTokens();
  const { publicKey, revocations } = o;
  return (req: Pick<IncomingMessage, 'headers'>, path: string, service: ServiceName): SessionAnswer => {
    if (!publicKey || !sessionServices.has(service) || exempt.has(path) || isSessionFreeApiPath(path))
      return allowed;
    const token = accessTokenFromHeaders(req.headers);
    if (!token) return noToken;
    let user: TokenUser | undefined = verified.get(token);
    if (!user) {
      try {
        user = verifyAccessToken(token, publicKey);
      } catch {
        return ended;
      }
      verified.remember(token, user);
    }
    if (revocations.isRevoked(user)) return ended;
    if (!revocations.isStale()) return allowed;
    return revocations.check(user, token).then((revoked) => (revoked ? ended : allowed));
  };
}
export type SessionCheck = ReturnType<typeof createSessionCheck>;
