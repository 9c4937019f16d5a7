import type { SessionIntrospection } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { isIssuedAfter } from '../../crypto/jwt';
import { activeBan } from '../users/user.view';

const unverifiable: SessionIntrospection = {
  active: false,
  ended: 'token',
  sessionsValidAfter: null,
  stop: false,
};

/**
 * Whether auth accepts an access token now, and if not what ended it: the same rules as signedInUser
 * (current-user.ts), read from the database, for a service or gateway whose revocation feed is stale.
 */
export async function introspectSession(
  ctx: AuthContext,
  token: string | undefined,
): Promise<SessionIntrospection> {
  const claims = token ? ctx.signer.verifyAccess(token) : null;
  if (!claims) return unverifiable;
  const user = await ctx.repos.users.findById(claims.sub);
  if (!user) return unverifiable;
  const now = ctx.now();
  const stop = user.isBlocked || activeBan(user, now) !== null;
  const sessionsValidAfter = user.sessionsValidAfter?.toISOString() ?? null;
  const answer = (ended: SessionIntrospection['ended']): SessionIntrospection => ({
    active: ended === null,
    ended,
    sessionsValidAfter,
    stop,
  });
  if (!isIssuedAfter(claims.iat, user.sessionsValidAfter) || activeBan(user, now)) return answer('user');
  if (claims.sid && (await ctx.repos.sessions.isFamilyRevoked(claims.sid))) return answer('session');
  return answer(null);
}
