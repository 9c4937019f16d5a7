import type { Express } from 'express';
import { contractRoute } from '@noek/service-kit';
import { apiRoutes } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { clientAddressOf } from '../../rate-limit/enforce';
import { signup } from './signup';

export function registerSignupRoutes(app: Express, ctx: AuthContext): void {
  contractRoute(app, apiRoutes.auth.signup, ({ body }, req) =>
    signup(ctx, { ...body, clientAddress: clientAddressOf(req) }),
  );
}
