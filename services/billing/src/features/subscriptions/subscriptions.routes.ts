import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute } from '@noek/service-kit';
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
  contractRoute(app, r.status, (_i, req) => getStatus(ctx, userId(req)));
  contractRoute(app, r.config, (_i, req) => (userId(req), paymentConfig(ctx)));
  contractRoute(app, r.subscribe, (_i, req) => subscribe(ctx, userId(req)));
  contractRoute(app, r.cancel, (_i, req) => cancelSubscription(ctx, userId(req)));
  contractRoute(app, r.reactivate, (_i, req) => reactivateSubscription(ctx, userId(req)));
}
