import type { Express } from 'express';
import { apiRoutes, testCardAuthenticateRequestSchema, testCardPayRequestSchema } from '@noek/contracts';
import { route } from '@noek/service-kit';
import type { BillingContext } from '../../context';
import { requestUserId as userId } from '../request-user.middleware';
import { authenticateTestCard } from './authenticate-test-card';
import { payWithTestCard } from './pay-with-test-card';

/** The test-mode card form's calls (simulated payments only; 404 otherwise). */
export function registerTestCardRoutes(app: Express, ctx: BillingContext): void {
  app.post(
    apiRoutes.subscription.testCardPay.path,
    route({ body: testCardPayRequestSchema }, ({ body }, req) => payWithTestCard(ctx, userId(req), body)),
  );
  app.post(
    apiRoutes.subscription.testCardAuthenticate.path,
    route({ body: testCardAuthenticateRequestSchema }, ({ body }, req) =>
      authenticateTestCard(ctx, userId(req), body),
    ),
  );
}
