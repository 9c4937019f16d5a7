import { defineService } from '@noek/runtime';
import { authKey, requireUser } from '@noek/service-kit';
import { loadBillingConfig } from './config';
import { BILLING_SCHEMA, openBillingDatabase } from './database';
import { paymentsFromConfig } from './features/payments/payments';
import { createBillingService } from './service';

/** The billing service for both run modes (its own process, or `npm start`'s single process). */
export const billingService = defineService({
  name: 'billing',
  defaultPort: 4003,
  async create({ env, database, bus, logger }) {
    const config = loadBillingConfig(env);
    const publicKey = authKey('public', config.AUTH_PUBLIC_KEY, config.KEYS_DIR);
    const db = await openBillingDatabase(database(BILLING_SCHEMA));
    const service = createBillingService({
      config,
      db,
      bus,
      logger,
      authenticate: requireUser({ publicKey }),
      payments: paymentsFromConfig(config),
    });
    return {
      app: service.app,
      start: () => service.start(),
      stop: async () => {
        await service.stop();
        await db.$disconnect();
      },
    };
  },
});
