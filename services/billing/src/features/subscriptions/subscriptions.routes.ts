import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { route } from '@noek/service-kit';
import type { BillingContext } from '../../context';
import { requestUserId as userId } from '../request-user.middleware';
import { cancelSubscription } from './cancel-subscription';
import { getStatus } from './get-status';
import { paymentConfig } from './payment-config';
import { reactivateSubscription } from './reactivate-subscription';
import { subscribe } from './subscribe';

/** Spec §7 'Subscription' (no bodies) and the payment form's config. */
export function registerSubscriptionRoutes(app: Express, ctx: BillingContext): void {
  const r = apiRoutes.subscription;
  app.get(
    r.status.path,
    route({}, (_i, req) => getStatus(ctx, userId(req))),
  );
  app.get(
    r.config.path,
    route({}, (_i, req) => (userId(req), paymentConfig(ctx))),
  );
  app.post(
    r.subscribe.path,
    route({}, (_i, req) => subscribe(ctx, userId(req))),
  );
  app.post(
    r.cancel.path,
    route({}, (_i, req) => cancelSubscription(ctx, userId(req))),
  );
  app.post(
    r.reactivate.path,
    route({}, (_i, req) => reactivateSubscription(ctx, userId(req))),
  );
}
