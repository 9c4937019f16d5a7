import type { Request, Response } from 'express';
import { UnauthenticatedError } from '@noek/service-kit';
import type { MeResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { toApiUser } from '../users/user.view';
import { clearSessionCookies } from './cookies';
import { userFromAccessCookie } from './current-user';
import { refreshSession } from './refresh';

/**
 * GET /api/auth/me: the current user. The refresh cookie is scoped to /api/auth, so it reaches this
 * route too: an expired access token is renewed here, and the shell's start-up check just works.
 */
export async function me(ctx: AuthContext, req: Request, res: Response): Promise<MeResponse> {
  const user = (await userFromAccessCookie(ctx, req)) ?? (await refreshSession(ctx, req, res));
  if (!user) {
    clearSessionCookies(res, ctx.settings);
    throw new UnauthenticatedError();
  }
  return { user: toApiUser(user, ctx.now()) };
}

/** POST /api/auth/refresh: rotate the refresh token, answer the user. */
export async function refresh(ctx: AuthContext, req: Request, res: Response): Promise<MeResponse> {
  const user = await refreshSession(ctx, req, res);
  if (!user) {
    clearSessionCookies(res, ctx.settings);
    throw new UnauthenticatedError('Your session has ended. Please sign in again.');
  }
  return { user: toApiUser(user, ctx.now()) };
}
