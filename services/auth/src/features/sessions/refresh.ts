import type { Request, Response } from 'express';
import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { activeBan } from '../users/user.view';
import { userRepository } from '../users/user.repository';
import { readCookie, REFRESH_COOKIE, setSessionCookies } from './cookies';
import { sessionRepository } from './session.repository';

/**
 * Rotates the refresh cookie: the presented token is marked replaced and a new one of the same
 * family is set, with a new access token. A replaced token presented again after the grace period
 * is reuse (a stolen copy): the whole family is revoked. Within the grace period (two tabs
 * refreshing at once) only a new access token is issued. Returns the user, or null (signed out).
 */
export async function refreshSession(ctx: AuthContext, req: Request, res: Response): Promise<User | null> {
  const token = readCookie(req, REFRESH_COOKIE);
  if (!token) return null;
  const now = ctx.now();
  const session = await sessionRepository.findByToken(ctx.db, token);
  if (!session || session.revokedAt || session.expiresAt <= now) return null;

  const user = await userRepository.findById(ctx.db, session.userId);
  // Revocations (logout, password change, ban) set revokedAt on every session row of the user.
  if (!user || activeBan(user, now)) {
    await sessionRepository.revokeFamily(ctx.db, session.familyId, now);
    return null;
  }

  const access = () =>
    ctx.signer.signAccess({ sub: user.id, lvl: user.accessLevel, validAfter: user.sessionsValidAfter, now });
  if (session.replacedAt) {
    if (now.getTime() - session.replacedAt.getTime() <= ctx.settings.refreshReuseGraceMs) {
      setSessionCookies(res, ctx.settings, { access: access() });
      return user;
    }
    ctx.log.warn({ userId: user.id, familyId: session.familyId }, 'refresh token reuse: family revoked');
    await sessionRepository.revokeFamily(ctx.db, session.familyId, now);
    return null;
  }

  const rotated = await ctx.db.$transaction(async (tx) => {
    if (!(await sessionRepository.markReplaced(tx, session.id, now))) return null;
    return sessionRepository.create(tx, {
      userId: user.id,
      familyId: session.familyId,
      expiresAt: session.expiresAt,
    });
  });
  if (!rotated) {
    // Another request rotated it a moment ago: same as the grace case.
    setSessionCookies(res, ctx.settings, { access: access() });
    return user;
  }
  setSessionCookies(res, ctx.settings, {
    access: access(),
    refresh: rotated.token,
    refreshExpiresAt: session.expiresAt,
  });
  return user;
}
