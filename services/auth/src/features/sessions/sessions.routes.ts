import type { Express, Request } from 'express';
import { accessTokenFromHeaders, contractRoute } from '@noek/service-kit';
import { apiRoutes, internalRoutes } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { clientAddressOf } from '../../rate-limit/enforce';
import { BROWSER_COOKIE, clearSession, parseCookies, REFRESH_COOKIE, writeSession } from './cookies';
import { introspectSession, introspectSessions } from './introspect-session';
import { login } from './login';
import { me, refresh, type SessionCookiesIn } from './me';
import { logout, logoutEverywhere } from './logout';

/** The session cookies of a request as plain values for the use cases. */
export function sessionCookiesOf(req: Request): SessionCookiesIn {
  const cookies = parseCookies(req.headers.cookie);
  return {
    accessToken: accessTokenFromHeaders(req.headers),
    refreshToken: cookies[REFRESH_COOKIE],
    browser: cookies[BROWSER_COOKIE],
  };
}

/**
 * Sign-in, sign-out (this browser / everywhere), the current user and token renewal. A 401 from
 * /me or /refresh leaves the cookies alone: a request sent with the old cookies while a sign-in
 * (a handoff switch, another tab) was setting new ones must not wipe the new ones when it answers
 * last. Dead tokens are harmless; sign-out clears them.
 */
export function registerSessionRoutes(app: Express, ctx: AuthContext): void {
  const { auth } = apiRoutes;
  contractRoute(app, auth.login, async ({ body }, req, res) => {
    const cookies = sessionCookiesOf(req);
    const result = await login(ctx, {
      ...body,
      clientAddress: clientAddressOf(req),
      browser: cookies.browser,
    });
    writeSession(res, ctx.settings, result.session);
    return { user: result.user };
  });
  contractRoute(app, auth.logout, async (_i, req, res) => {
    await logout(ctx, sessionCookiesOf(req));
    clearSession(res, ctx.settings);
    return { message: 'Signed out' };
  });
  contractRoute(app, auth.logoutEverywhere, async (_i, req, res) => {
    await logoutEverywhere(ctx, sessionCookiesOf(req));
    clearSession(res, ctx.settings);
    return { message: 'Signed out' };
  });
  contractRoute(app, auth.refresh, async (_i, req, res) => {
    const result = await refresh(ctx, sessionCookiesOf(req));
    if (result.session) writeSession(res, ctx.settings, result.session);
    return { user: result.user };
  });
  // Internal (never routed by the gateway): a verifier with a stale revocation feed asks about a token it holds.
  contractRoute(app, internalRoutes.authSessions.introspect, (_i, req) =>
    introspectSession(ctx, accessTokenFromHeaders(req.headers)),
  );
  // The same for many tokens at once: the caller's sweep of the tokens behind its streams and replies.
  contractRoute(app, internalRoutes.authSessions.introspectMany, (i) =>
    introspectSessions(ctx, i.body.tokens),
  );
  contractRoute(app, auth.me, async (_i, req, res) => {
    const result = await me(ctx, sessionCookiesOf(req));
    if (result.session) writeSession(res, ctx.settings, result.session);
    return { user: result.user };
  });
}
