import { UnauthenticatedError } from '@noek/service-kit';
import type { User as ApiUser } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { toApiUser } from '../users/user.view';
import type { IssuedSession } from './cookies';
import { signedInUser } from './current-user';
import { refreshSession } from './refresh-session';

export type SessionCookiesIn = {
  accessToken: string | undefined;
  refreshToken: string | undefined;
  browser: string | undefined;
};
export type MeResult = { user: ApiUser; session?: IssuedSession };

/**
 * GET /api/auth/me: the current user. The refresh cookie is scoped to /api/auth, so it reaches this
 * route too: an expired access token is renewed here, and the shell's start-up check just works.
 * Throws UnauthenticatedError when signed out (the routes file clears the cookies).
 */
export async function me(ctx: AuthContext, input: SessionCookiesIn): Promise<MeResult> {
  const current = await signedInUser(ctx, input.accessToken);
  if (current) return { user: toApiUser(current.user, ctx.now()) };
  const refreshed = await refreshSession(ctx, input);
  if (!refreshed) throw new UnauthenticatedError();
  return { user: toApiUser(refreshed.user, ctx.now()), session: refreshed.session };
}

/** POST /api/auth/refresh: rotate the refresh token, answer the user. */
export async function refresh(ctx: AuthContext, input: SessionCookiesIn): Promise<MeResult> {
  const refreshed = await refreshSession(ctx, input);
  if (!refreshed) throw new UnauthenticatedError('Your session has ended. Please sign in again.');
  return { user: toApiUser(refreshed.user, ctx.now()), session: refreshed.session };
}
