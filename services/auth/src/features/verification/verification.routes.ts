import type { Express } from 'express';
import { contractRoute } from '@noek/service-kit';
import { apiRoutes } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { clientAddressOf } from '../../rate-limit/enforce';
import { verifyEmail } from './verify-email';
import { resendVerification } from './resend-verification';

export function registerVerificationRoutes(app: Express, ctx: AuthContext): void {
  const { auth } = apiRoutes;
  contractRoute(app, auth.verifyEmail, ({ query }) => verifyEmail(ctx, query));
  contractRoute(app, auth.resendVerification, ({ body }, req) =>
    resendVerification(ctx, { ...body, clientAddress: clientAddressOf(req) }),
  );
}
