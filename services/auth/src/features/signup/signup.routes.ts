import type { Express } from 'express';
import { route } from '@noek/service-kit';
import { apiRoutes, signupRequestSchema } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { clientAddressOf } from '../../rate-limit/enforce';
import { signup } from './signup';

export function registerSignupRoutes(app: Express, ctx: AuthContext): void {
  app.post(
    apiRoutes.auth.signup.path,
    route({ body: signupRequestSchema }, async ({ body }, req, res) => {
      const answer = await signup(ctx, { ...body, clientAddress: clientAddressOf(req) });
      res.status(201);
      return answer;
    }),
  );
}
