import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { hashToken, safeEqual } from '../../crypto/tokens';
import { activeBan } from '../users/user.view';
import type { Session } from '../../generated/prisma/client';
import type { IssuedSession } from './cookies';
import { signAccessFor } from './issue-session';
import { endAllSessions } from './end-all-sessions';

export type RefreshInput = { refreshToken: string | undefined; browser: string | undefined };
export type Refreshed = { user: User; session: IssuedSession } | null;

/**
 * Rotates the refresh cookie: the presented token is marked replaced and a new one of the same
 * family is set, with a new access token. A replaced token presented again is reuse (a stolen copy)
 * unless it comes within a few seconds, from the browser the family belongs to (two tabs refreshing
 * at once): then only a new access token is issued. Reuse ends every session of the user at once —
 * the thief's access tokens included, in every service (sessionsValidAfter). Null: signed out.
 */
export async function refreshSession(ctx: AuthContext, input: RefreshInput): Promise<Refreshed> {
  if (!input.refreshToken) return null;
  const now = ctx.now();
  const session = await ctx.repos.sessions.findByToken(input.refreshToken);
  if (!session || session.revokedAt || session.expiresAt <= now) return null;
  const user = await ctx.repos.users.findById(session.userId);
  if (!user || activeBan(user, now)) {
    await ctx.repos.sessions.revokeFamily(session.familyId, now);
    return null;
  }
  const accessOnly = () => ({ user, session: { access: signAccessFor(ctx, user, session.familyId, now) } });
  if (session.replacedAt) {
    if (withinGrace(ctx, session, input.browser, now)) return accessOnly();
    await reuseDetected(ctx, session, now);
    return null;
  }
  const rotated = await ctx.transaction(async ({ sessions }) => {
    if (!(await sessions.markReplaced(session.id, now))) return null;
    return sessions.create({
      userId: user.id,
      familyId: session.familyId,
      expiresAt: session.expiresAt,
      browserHash: session.browserHash,
    });
  });
  if (!rotated) {
    // Another request rotated it a moment ago: the same rule as a replaced token.
    if (withinGrace(ctx, { ...session, replacedAt: now }, input.browser, now)) return accessOnly();
    await reuseDetected(ctx, session, now);
    return null;
  }
  return {
    user,
    session: {
      access: signAccessFor(ctx, user, session.familyId, now),
      refresh: { token: rotated.token, expiresAt: session.expiresAt },
    },
  };
}

function withinGrace(ctx: AuthContext, session: Session, browser: string | undefined, now: Date): boolean {
  const replacedAt = session.replacedAt?.getTime() ?? 0;
  if (now.getTime() - replacedAt > ctx.settings.refreshReuseGraceMs) return false;
  return !!browser && !!session.browserHash && safeEqual(hashToken(browser), session.browserHash);
}

async function reuseDetected(ctx: AuthContext, session: Session, now: Date): Promise<void> {
  ctx.logger.warn(
    { userId: session.userId, familyId: session.familyId },
    'refresh token reuse: sessions ended',
  );
  await endAllSessions(ctx, session.userId, now, { reuseOf: session.familyId });
}
