import type { AuthContext } from '../../context';
import { authEvents } from '../../events/auth-event-envelopes';
import type { SessionCookiesIn } from './me';
import { signedInUser } from './current-user';
import { endAllSessions } from './end-all-sessions';

/** Which session the request's cookies belong to: the refresh token's family, else the token's sid. */
async function thisSession(
  ctx: AuthContext,
  input: SessionCookiesIn,
): Promise<{ userId: string; sessionId: string | null } | null> {
  if (input.refreshToken) {
    const row = await ctx.repos.sessions.findByToken(input.refreshToken);
    if (row && !row.revokedAt) return { userId: row.userId, sessionId: row.familyId };
  }
  const current = await signedInUser(ctx, input.accessToken);
  return current ? { userId: current.user.id, sessionId: current.sessionId } : null;
}

/**
 * POST /api/auth/logout (decisions.md): ends the session of this browser only. Its refresh family
 * is revoked, its access tokens (sid) are refused by auth at once and announced to the other
 * services (auth.session.revoked.v1), and the user's pending reset links are retired. Other
 * browsers stay signed in. Always succeeds (the routes file clears the cookies).
 */
export async function logout(ctx: AuthContext, input: SessionCookiesIn): Promise<void> {
  const session = await thisSession(ctx, input);
  if (!session) return;
  const now = ctx.now();
  if (!session.sessionId) {
    // A token from before sessions had ids: nothing narrower to end than every session.
    await endAllSessions(ctx, session.userId, now);
    return;
  }
  const sessionId = session.sessionId;
  await ctx.transaction(async ({ sessions, users, publish }) => {
    await sessions.revokeFamily(sessionId, now);
    await users.retireResetLinks(session.userId, now);
    await publish(
      authEvents.sessionRevoked({
        userId: session.userId,
        sessionId,
        reason: 'signed-out',
        revokedAt: now.toISOString(),
      }),
    );
  });
}

/** POST /api/auth/logout-everywhere: ends every session of the signed-in user, on every device. */
export async function logoutEverywhere(ctx: AuthContext, input: SessionCookiesIn): Promise<void> {
  const session = await thisSession(ctx, input);
  if (session) await endAllSessions(ctx, session.userId, ctx.now());
}
