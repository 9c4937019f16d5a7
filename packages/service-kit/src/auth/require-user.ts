import cookieParser from 'cookie-parser';
import type { Request, RequestHandler } from 'express';
import type { AccessLevel } from '@noek/contracts';
import { ForbiddenError, UnauthenticatedError } from '../errors/domain-error';
import type { AuthUser } from '../http/request-context';
import { verifyAccessToken } from './access-token';

export const ACCESS_COOKIE = 'noek_access';

export interface RequireUserOptions {
  /** PEM of the ES256 public key. */
  publicKey: string;
  /**
   * Revocation hook: true refuses the token (logout, password change, block, ban, role change).
   * Typically compares user.issuedAt with the user's sessionsValidAfter.
   */
  isRevoked?: (user: AuthUser, req: Request) => boolean | Promise<boolean>;
}

const parseCookies = cookieParser();

function tokenFrom(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (typeof header === 'string' && /^Bearer /i.test(header)) return header.slice(7).trim() || undefined;
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[ACCESS_COOKIE];
  return typeof cookie === 'string' && cookie.length > 0 ? cookie : undefined;
}

/** Sets req.user from the noek_access cookie or an Authorization: Bearer header; 401 otherwise. */
export function requireUser({ publicKey, isRevoked }: RequireUserOptions): RequestHandler {
  return (req, res, next) => {
    const run = async () => {
      const token = tokenFrom(req);
      if (!token) throw new UnauthenticatedError();
      let user: AuthUser;
      try {
        user = verifyAccessToken(token, publicKey);
      } catch {
        throw new UnauthenticatedError('Your session has ended. Please sign in again.');
      }
      if (isRevoked && (await isRevoked(user, req))) {
        throw new UnauthenticatedError('Your session has ended. Please sign in again.');
      }
      req.user = user;
    };
    const start = () => run().then(() => next(), next);
    if (req.cookies === undefined) parseCookies(req, res, () => void start());
    else void start();
  };
}

/** After requireUser: 403 unless the user has one of the levels. */
export function requireRole(...levels: AccessLevel[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) throw new UnauthenticatedError();
    if (!levels.includes(req.user.accessLevel)) throw new ForbiddenError();
    next();
  };
}
