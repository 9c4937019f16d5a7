import type { Express } from 'express';
import { contractRoute } from '@noek/service-kit';
import { apiRoutes } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { clientAddressOf } from '../../rate-limit/enforce';
import { writeSession } from '../sessions/cookies';
import { sessionCookiesOf } from '../sessions/sessions.routes';
import { forgotPassword } from './forgot-password';
import { resetPassword } from './reset-password';
import { changePassword } from './change-password';

export function registerPasswordRoutes(app: Express, ctx: AuthContext): void {
  const { auth } = apiRoutes;
  contractRoute(app, auth.forgotPassword, ({ body }, req) =>
    forgotPassword(ctx, { ...body, clientAddress: clientAddressOf(req) }),
  );
  contractRoute(app, auth.resetPassword, ({ body }, req) =>
    resetPassword(ctx, { ...body, clientAddress: clientAddressOf(req) }),
  );
  contractRoute(app, auth.changePassword, async ({ body }, req, res) => {
    const { accessToken, browser } = sessionCookiesOf(req);
    const result = await changePassword(ctx, { ...body, accessToken, browser });
    writeSession(res, ctx.settings, result.session);
    return result.answer;
  });
}
