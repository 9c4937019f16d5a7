import type { IncomingHttpHeaders } from 'node:http';
import { accessTokenFromHeaders, UnauthenticatedError } from '@noek/service-kit';
import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { isIssuedAfter } from '../../crypto/jwt';
import { activeBan } from '../users/user.view';

export type SignedIn = { user: User; sessionId: string | null };

/**
 * The user behind an access token, checked against the database: the token must verify (ES256,
 * typ access, not expired), be issued after the user's sessionsValidAfter, its session (`sid`) must
 * not have ended (sign-out in that browser, refresh-token reuse), and the user must not be banned.
 * Auth checks its own tokens against the database, so revocation is immediate here.
 */
export async function signedInUser(ctx: AuthContext, token: string | undefined): Promise<SignedIn | null> {
  if (!token) return null;
  const claims = ctx.signer.verifyAccess(token);
  if (!claims) return null;
  const user = await ctx.repos.users.findById(claims.sub).catch(() => null);
  if (!user) return null;
  if (!isIssuedAfter(claims.iat, user.sessionsValidAfter)) return null;
  if (activeBan(user, ctx.now())) return null;
  if (claims.sid && (await ctx.repos.sessions.isFamilyRevoked(claims.sid))) return null;
  return { user, sessionId: claims.sid ?? null };
}

export async function requireSignedInUser(ctx: AuthContext, token: string | undefined): Promise<User> {
  const signedIn = await signedInUser(ctx, token);
  if (!signedIn) throw new UnauthenticatedError();
  return signedIn.user;
}

/**
 * For routes files: the access token of a request (Bearer header, as services calling on a user's
 * behalf send it, else the noek_access cookie), then the user.
 */
export function requireSignedIn(ctx: AuthContext, req: { headers: IncomingHttpHeaders }): Promise<User> {
  return requireSignedInUser(ctx, accessTokenFromHeaders(req.headers));
}
