import type { Express } from 'express';
import { z } from 'zod';
import { route } from '@noek/service-kit';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  handoffExchangeRequestSchema,
  loginRequestSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  verifyEmailQuerySchema,
} from '@noek/contracts';
import { handoffCreateRequestSchema } from '@noek/contracts';
import type { AuthContext } from '../context';
import type { DevMailbox } from '../mail/mailer';
import { login } from './sessions/login.handler';
import { me, refresh } from './sessions/me.handler';
import { logout } from './sessions/logout.handler';
import { signup } from './signup/signup.handler';
import { verifyEmail } from './verification/verify-email.handler';
import { resendVerification } from './verification/resend-verification.handler';
import { forgotPassword } from './passwords/forgot-password.handler';
import { resetPassword } from './passwords/reset-password.handler';
import { changePassword } from './passwords/change-password.handler';
import { createHandoff } from './handoff/create-handoff.handler';
import { exchangeHandoff } from './handoff/exchange-handoff.handler';
import { renderDevMailbox } from './dev-mailbox/dev-mailbox.page';
import { adminUserRoutes } from './users/admin-users.routes';

export const DEV_MAILBOX_PATH = '/api/auth/dev/mailbox';

/** Spec §7 'Authentication' plus /me, refresh, handoff and settings; full paths (the gateway forwards them). */
export function authRoutes(ctx: AuthContext, devMailbox: DevMailbox | null) {
  return (app: Express): void => {
    app.post(
      '/api/auth/signup',
      route({ body: signupRequestSchema }, (i, req, res) => signup(ctx, i.body, req, res)),
    );
    app.post(
      '/api/auth/login',
      route({ body: loginRequestSchema }, (i, req, res) => login(ctx, i.body, req, res)),
    );
    app.post(
      '/api/auth/logout',
      route({}, (_i, req, res) => logout(ctx, req, res)),
    );
    app.post(
      '/api/auth/refresh',
      route({}, (_i, req, res) => refresh(ctx, req, res)),
    );
    app.get(
      '/api/auth/me',
      route({}, (_i, req, res) => me(ctx, req, res)),
    );
    app.get(
      '/api/verify-email',
      route({ query: verifyEmailQuerySchema }, (i, req, res) => verifyEmail(ctx, i.query, req, res)),
    );
    app.post(
      '/api/resend-verification',
      route({ body: resendVerificationRequestSchema }, (i, req) => resendVerification(ctx, i.body, req)),
    );
    app.post(
      '/api/auth/forgot-password',
      route({ body: forgotPasswordRequestSchema }, (i, req) => forgotPassword(ctx, i.body, req)),
    );
    app.post(
      '/api/auth/reset-password',
      route({ body: resetPasswordRequestSchema }, (i, req) => resetPassword(ctx, i.body, req)),
    );
    app.post(
      '/api/auth/change-password',
      route({ body: changePasswordRequestSchema }, (i, req, res) => changePassword(ctx, i.body, req, res)),
    );
    app.post(
      '/api/auth/handoff',
      route({ body: handoffCreateRequestSchema }, (i, req) => createHandoff(ctx, i.body, req)),
    );
    app.post(
      '/api/auth/handoff/exchange',
      route({ body: handoffExchangeRequestSchema }, (i, req, res) => exchangeHandoff(ctx, i.body, req, res)),
    );
    app.get(
      '/api/auth/settings',
      route({}, () => ({
        supportEmail: ctx.settings.supportEmail,
        devMailboxUrl: devMailbox ? DEV_MAILBOX_PATH : null,
      })),
    );
    adminUserRoutes(ctx)(app);
    if (devMailbox) {
      app.get(DEV_MAILBOX_PATH, (_req, res) => {
        res.type('html').send(renderDevMailbox(devMailbox.list()));
      });
      app.get(
        `${DEV_MAILBOX_PATH}.json`,
        route({ query: z.object({ to: z.string().optional() }) }, (i) => ({
          emails: devMailbox.list().filter((e) => !i.query.to || e.to === i.query.to.toLowerCase()),
        })),
      );
    }
  };
}
