import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute } from '@noek/service-kit';
import type { BillingContext } from '../../context';
import { requestUserId as userId } from '../request-user.middleware';
import { authenticateTestCard } from './authenticate-test-card';
import { payWithTestCard } from './pay-with-test-card';

/** The test-mode card form's calls (simulated payments only; 404 otherwise). */
export function registerTestCardRoutes(app: Express, ctx: BillingContext): void {
  const r = apiRoutes.subscription;
  contractRoute(app, r.testCardPay, ({ body }, req) => payWithTestCard(ctx, userId(req), body));
  contractRoute(app, r.testCardAuthenticate, ({ body }, req) => authenticateTestCard(ctx, userId(req), body));
}
