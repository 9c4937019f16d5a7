import {
  createOutboxRelay,
  createServiceApp,
  standardReadiness,
  type EventBus,
  type Logger,
} from '@noek/service-kit';
import type { BillingConfig } from './config';
import type { BillingContext } from './context';
import type { BillingDb } from './database';
import { registerSubscriptionRoutes } from './features/subscription/subscription.routes';

export interface BillingServiceDeps {
  config: BillingConfig;
  db: BillingDb;
  bus: EventBus;
  logger: Logger;
}

/**
 * THE one place billing's dependencies are wired. Today it owns its schema (outbox, processed events) and
 * answers the routes of contracts' apiRoutes.subscription with 501 until the capability ships.
 */
export function createBillingService(deps: BillingServiceDeps) {
  const { db, bus, logger } = deps;
  const relay = createOutboxRelay({ db, bus, logger });
  const ctx: BillingContext = {
    notAvailableMessage: 'Subscriptions are not available yet.',
    now: () => new Date(),
    logger,
  };
  const app = createServiceApp({
    name: 'billing',
    logger,
    readiness: standardReadiness(db, bus),
    routes: (a) => registerSubscriptionRoutes(a, ctx),
  });
  return {
    app,
    ctx,
    start: async () => relay.start(),
    stop: async () => relay.stop(),
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
