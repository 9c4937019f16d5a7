import type { SessionIntrospection } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { isIssuedAfter, type AccessClaims } from '../../crypto/jwt';
import type { User } from '../../generated/prisma/client';
import { activeBan } from '../users/user.view';

const unverifiable: SessionIntrospection = {
  active: false,
  ended: 'token',
  sessionsValidAfter: null,
  stop: false,
};

/**
 * The same rules as signedInUser (current-user.ts) on a verified token's claims, its user and whether its
 * session was ended: the verdict a verifier with a stale revocation feed gets.
 */
function verdictFor(
  claims: AccessClaims,
  user: User | null,
  sessionEnded: boolean,
  now: Date,
): SessionIntrospection {
  if (!user) return unverifiable;
  const stop = user.isBlocked || activeBan(user, now) !== null;
  const sessionsValidAfter = user.sessionsValidAfter?.toISOString() ?? null;
  const answer = (ended: SessionIntrospection['ended']): SessionIntrospection => ({
    active: ended === null,
    ended,
    sessionsValidAfter,
    stop,
  });
  if (!isIssuedAfter(claims.iat, user.sessionsValidAfter) || activeBan(user, now)) return answer('user');
  if (claims.sid && sessionEnded) return answer('session');
  return answer(null);
}

/**
 * Whether auth accepts an access token now, and if not what ended it, read from the database, for a
 * service or gateway whose revocation feed is stale.
 */
export async function introspectSession(
  ctx: AuthContext,
  token: string | undefined,
): Promise<SessionIntrospection> {
  const claims = token ? ctx.signer.verifyAccess(token) : null;
  if (!claims) return unverifiable;
  const user = await ctx.repos.users.findById(claims.sub);
  const ended = !!user && !!claims.sid && (await ctx.repos.sessions.isFamilyRevoked(claims.sid));
  return verdictFor(claims, user, ended, ctx.now());
}

/**
 * introspectSession for many tokens at once (a stale verifier's sweep of the tokens it holds): two
 * queries for all of them. One verdict per token, in order.
 */
export async function introspectSessions(
  ctx: AuthContext,
  tokens: readonly string[],
): Promise<{ verdicts: SessionIntrospection[] }> {
  const claims = tokens.map((t) => ctx.signer.verifyAccess(t));
  const verified = claims.filter((c): c is AccessClaims => c !== null);
  const [users, ended] = await Promise.all([
    ctx.repos.users.findByIds([...new Set(verified.map((c) => c.sub))]),
    ctx.repos.sessions.revokedFamilies([...new Set(verified.flatMap((c) => (c.sid ? [c.sid] : [])))]),
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const now = ctx.now();
  return {
    verdicts: claims.map((c) =>
      c ? verdictFor(c, byId.get(c.sub) ?? null, !!c.sid && ended.has(c.sid), now) : unverifiable,
    ),
  };
}
