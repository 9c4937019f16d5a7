import type { Request, Response } from 'express';
import type { MessageResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { userRepository } from '../users/user.repository';
import { clearSessionCookies, readCookie, REFRESH_COOKIE } from './cookies';
import { userFromAccessCookie } from './current-user';
import { sessionRepository } from './session.repository';

/**
 * POST /api/auth/logout. Signs the user out everywhere: sessionsValidAfter moves to now (every
 * access token issued before is refused by auth and, through auth.user.updated.v1, by the gateway
 * and services) and every refresh token is revoked. Always answers 200 and clears the cookies.
 */
export async function logout(ctx: AuthContext, req: Request, res: Response): Promise<MessageResponse> {
  const now = ctx.now();
  let userId = (await userFromAccessCookie(ctx, req))?.id;
  const refreshToken = readCookie(req, REFRESH_COOKIE);
  if (refreshToken) {
    const session = await sessionRepository.findByToken(ctx.db, refreshToken);
    if (session) {
      await sessionRepository.revokeFamily(ctx.db, session.familyId, now);
      userId ??= session.revokedAt ? undefined : session.userId;
    }
  }
  if (userId) {
    const id = userId;
    await ctx.db.$transaction(async (tx) => {
      const user = await userRepository.updateUser(tx, id, {}, { revoke: true, now });
      await ctx.events.updated(tx, user, ['sessionsValidAfter']);
    });
  }
  clearSessionCookies(res, ctx.settings);
  return { message: 'Signed out' };
}
