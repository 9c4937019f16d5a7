import { apiRoutes } from '@noek/contracts';
import { createOutboxRelay, createServiceApp, registerPlannedRoutes } from '@noek/service-kit';
import { defineService } from '@noek/runtime';
import { loadBillingConfig } from './config';
import { BILLING_SCHEMA, openBillingDatabase } from './database';

/**
 * The billing service. Today it owns its schema (outbox, processed events) and answers the billing API of
 * spec §7 with 501 until the subscription capability ships.
 */
export const billingService = defineService({
  name: 'billing',
  async create({ env, database, bus, logger }) {
    loadBillingConfig(env);
    const db = await openBillingDatabase(database(BILLING_SCHEMA));
    const relay = createOutboxRelay({ db, bus, logger });
    const app = createServiceApp({
      name: 'billing',
      logger,
      readiness: {
        database: async () => {
          await db.$queryRawUnsafe('SELECT 1');
        },
        events: async () => {
          if (!bus.isHealthy()) throw new Error('event bus not connected');
        },
      },
      routes: (a) =>
        registerPlannedRoutes(a, Object.values(apiRoutes.subscription), 'Subscriptions are not available yet.'),
    });
    return {
      app,
      start: async () => relay.start(),
      stop: async () => {
        await relay.stop();
        await db.$disconnect();
      },
    };
  },
});
