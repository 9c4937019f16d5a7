import type { Express, Request, Response } from 'express';
import { accessTokenFromHeaders, route, UnauthenticatedError } from '@noek/service-kit';
import { apiRoutes, loginRequestSchema, type MessageResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { clientAddressOf } from '../../rate-limit/enforce';
import { BROWSER_COOKIE, clearSession, parseCookies, REFRESH_COOKIE, writeSession } from './cookies';
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

/** A signed-out answer also clears the cookies (the browser stops sending dead tokens). */
async function orSignedOut<T>(ctx: AuthContext, res: Response, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UnauthenticatedError) clearSession(res, ctx.settings);
    throw err;
  }
}

/** Sign-in, sign-out (this browser / everywhere), the current user and token renewal. */
export function registerSessionRoutes(app: Express, ctx: AuthContext): void {
  const { auth } = apiRoutes;
  app.post(
    auth.login.path,
    route({ body: loginRequestSchema }, async ({ body }, req, res) => {
      const cookies = sessionCookiesOf(req);
      const result = await login(ctx, {
        ...body,
        clientAddress: clientAddressOf(req),
        browser: cookies.browser,
      });
      writeSession(res, ctx.settings, result.session);
      return { user: result.user };
    }),
  );
  app.post(
    auth.logout.path,
    route({}, async (_i, req, res): Promise<MessageResponse> => {
      await logout(ctx, sessionCookiesOf(req));
      clearSession(res, ctx.settings);
      return { message: 'Signed out' };
    }),
  );
  app.post(
    auth.logoutEverywhere.path,
    route({}, async (_i, req, res): Promise<MessageResponse> => {
      await logoutEverywhere(ctx, sessionCookiesOf(req));
      clearSession(res, ctx.settings);
      return { message: 'Signed out' };
    }),
  );
  app.post(
    auth.refresh.path,
    route({}, (_i, req, res) =>
      orSignedOut(ctx, res, async () => {
        const result = await refresh(ctx, sessionCookiesOf(req));
        if (result.session) writeSession(res, ctx.settings, result.session);
        return { user: result.user };
      }),
    ),
  );
  app.get(
    auth.me.path,
    route({}, (_i, req, res) =>
      orSignedOut(ctx, res, async () => {
        const result = await me(ctx, sessionCookiesOf(req));
        if (result.session) writeSession(res, ctx.settings, result.session);
        return { user: result.user };
      }),
    ),
  );
}
