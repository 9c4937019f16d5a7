import type { Express, Request } from 'express';
import { accessTokenFromHeaders, ANSWERED, contractRoute } from '@noek/service-kit';
import { apiRoutes } from '@noek/contracts';
import type { AuthContext } from '../../context';
import {
  clearSession,
  HANDOFF_ORIGIN_COOKIE,
  HANDOFF_TARGET_COOKIE,
  parseCookies,
  writeHandoffCookie,
  writeSession,
} from '../sessions/cookies';
import { sessionCookiesOf } from '../sessions/sessions.routes';
import { createHandoff } from './create-handoff';
import { exchangeHandoff } from './exchange-handoff';
import { confirmHandoff } from './confirm-handoff';
import { handoffLogout } from './handoff-logout';
import { originHostname } from './handoff-host';

/** scheme://host:port as the browser reached this host (scheme from the gateway: trust proxy). */
const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? req.hostname}`;

/** The cross-site handoff (spec §4, decisions.md, docs/security.md). */
export function registerHandoffRoutes(app: Express, ctx: AuthContext): void {
  const { auth } = apiRoutes;
  contractRoute(app, auth.handoffCreate, async ({ body }, req, res) => {
    const result = await createHandoff(ctx, {
      accessToken: accessTokenFromHeaders(req.headers),
      targetHost: body.targetHost,
      action: body.action ?? 'login',
      pageOrigin: originOf(req),
      originCookie: parseCookies(req.headers.cookie)[HANDOFF_ORIGIN_COOKIE],
    });
    if (result.originCookie) writeHandoffCookie(res, ctx.settings, 'origin', result.originCookie);
    return { token: result.token, expiresAt: result.expiresAt };
  });
  contractRoute(app, auth.handoffExchange, async ({ body }, req, res) => {
    const result = await exchangeHandoff(ctx, {
      token: body.token,
      switchAccount: body.switchAccount === true,
      host: req.hostname.toLowerCase(),
      originHostname: originHostname(req.headers.origin),
      targetCookie: parseCookies(req.headers.cookie)[HANDOFF_TARGET_COOKIE],
      cookies: sessionCookiesOf(req),
    });
    if (result.kind === 'confirm') {
      if (result.targetCookie) writeHandoffCookie(res, ctx.settings, 'target', result.targetCookie);
      return { confirmUrl: result.confirmUrl };
    }
    if (result.kind === 'switch') return { switchAccount: { current: result.current, next: result.next } };
    writeSession(res, ctx.settings, result.session);
    return { user: result.user };
  });
  contractRoute(app, auth.handoffConfirm, async ({ query }, req, res) => {
    const to = await confirmHandoff(ctx, {
      token: query.token,
      thisOrigin: originOf(req),
      originCookie: parseCookies(req.headers.cookie)[HANDOFF_ORIGIN_COOKIE],
      bind: query.bind,
    });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, to);
    return ANSWERED;
  });
  contractRoute(app, auth.handoffLogout, async ({ body }, req, res) => {
    const ended = await handoffLogout(ctx, {
      token: body.token,
      host: req.hostname.toLowerCase(),
      cookies: sessionCookiesOf(req),
    });
    if (ended) clearSession(res, ctx.settings);
    return { message: ended ? 'Signed out' : 'Nothing to sign out' };
  });
}
