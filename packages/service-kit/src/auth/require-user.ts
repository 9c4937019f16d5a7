import type { Request, RequestHandler } from 'express';
import { UnauthenticatedError } from '../errors/domain-error';
import type { AuthUser } from '../http/request-context';
import { verifyAccessToken } from './access-token';
import { accessTokenFromHeaders } from './token-from-headers';

export { ACCESS_COOKIE } from './token-from-headers';

/** What a refused session is told, the same from the gateway and from every service. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export interface RequireUserOptions {
  /** PEM of the ES256 public key. */
  publicKey: string;
  /**
   * Revocation hook: true refuses the token (logout, password change, block, ban, role change).
   * Typically compares user.issuedAt with the user's sessionsValidAfter.
   */
  isRevoked?: (user: AuthUser, req: Request) => boolean | Promise<boolean>;
}

/** Sets req.user from the noek_access cookie or an Authorization: Bearer header; 401 otherwise. */
export function requireUser({ publicKey, isRevoked }: RequireUserOptions): RequestHandler {
  return (req, _res, next) => {
    const run = async () => {
      const token = accessTokenFromHeaders(req.headers);
      if (!token) throw new UnauthenticatedError();
      let user: AuthUser;
      try {
        user = verifyAccessToken(token, publicKey);
      } catch {
        throw new UnauthenticatedError(SESSION_ENDED_MESSAGE);
      }
      if (isRevoked && (await isRevoked(user, req))) {
        throw new UnauthenticatedError(SESSION_ENDED_MESSAGE);
      }
      req.user = user;
    };
    void run().then(() => next(), next);
  };
}

/** The user requireUser set, for a routes file to pass into its use case; 401 if the route lacks it. */
export function signedInUser(req: Request): AuthUser {
  if (!req.user) throw new UnauthenticatedError();
  return req.user;
}
