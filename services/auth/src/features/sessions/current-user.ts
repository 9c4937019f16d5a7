import type { Request } from 'express';
import { UnauthenticatedError } from '@noek/service-kit';
import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { isIssuedAfter } from '../../crypto/jwt';
import { activeBan } from '../users/user.view';
import { userRepository } from '../users/user.repository';
import { ACCESS_COOKIE, readCookie } from './cookies';

/**
 * The user behind the access cookie, checked against the database: the token must verify (ES256,
 * typ access, not expired), be issued after the user's sessionsValidAfter, and the user must not be
 * banned. Auth checks its own tokens against the database, so revocation is immediate here.
 */
export async function userFromAccessCookie(ctx: AuthContext, req: Request): Promise<User | null> {
  // A service calling on a user's behalf (admin → auth internal routes) sends it as a Bearer token.
  const header = req.headers.authorization;
  const bearer = typeof header === 'string' && /^Bearer /i.test(header) ? header.slice(7).trim() : undefined;
  const token = bearer || readCookie(req, ACCESS_COOKIE);
  if (!token) return null;
  const claims = ctx.signer.verifyAccess(token);
  if (!claims) return null;
  const user = await userRepository.findById(ctx.db, claims.sub).catch(() => null);
  if (!user) return null;
  if (!isIssuedAfter(claims.iat, user.sessionsValidAfter)) return null;
  if (activeBan(user, ctx.now())) return null;
  return user;
}

export async function requireSignedIn(ctx: AuthContext, req: Request): Promise<User> {
  const user = await userFromAccessCookie(ctx, req);
  if (!user) throw new UnauthenticatedError();
  return user;
}
