import type { Response } from 'express';
import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { sessionRepository } from './session.repository';
import { setSessionCookies } from './cookies';

/**
 * Starts a new session family for the user: fresh access and refresh tokens (new values at every
 * sign-in, so no fixation), set as cookies.
 */
export async function issueSession(ctx: AuthContext, res: Response, user: User): Promise<void> {
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.settings.refreshTtlMs);
  await sessionRepository.prune(ctx.db, user.id, now);
  const { token } = await sessionRepository.create(ctx.db, { userId: user.id, expiresAt });
  const access = ctx.signer.signAccess({
    sub: user.id,
    lvl: user.accessLevel,
    validAfter: user.sessionsValidAfter,
    now,
  });
  setSessionCookies(res, ctx.settings, { access, refresh: token, refreshExpiresAt: expiresAt });
}
