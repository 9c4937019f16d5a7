import type { Express } from 'express';
import { route } from '@noek/service-kit';
import { apiRoutes, resendVerificationRequestSchema, verifyEmailQuerySchema } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { clientAddressOf } from '../../rate-limit/enforce';
import { verifyEmail } from './verify-email';
import { resendVerification } from './resend-verification';

export function registerVerificationRoutes(app: Express, ctx: AuthContext): void {
  const { auth } = apiRoutes;
  app.get(
    auth.verifyEmail.path,
    route({ query: verifyEmailQuerySchema }, ({ query }) => verifyEmail(ctx, query)),
  );
  app.post(
    auth.resendVerification.path,
    route({ body: resendVerificationRequestSchema }, ({ body }, req) =>
      resendVerification(ctx, { ...body, clientAddress: clientAddressOf(req) }),
    ),
  );
}
