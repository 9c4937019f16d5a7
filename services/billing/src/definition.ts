import { outboxWakeups } from '@noek/db';
import { defineService } from '@noek/runtime';
import { authKey, createSessionGuard, OUTBOX_CHANNEL } from '@noek/service-kit';
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
    const guard = createSessionGuard({ bus, publicKey, logger, authUrl: config.AUTH_URL });
    const target = database(BILLING_SCHEMA);
    const db = await openBillingDatabase(target);
    const service = createBillingService({
      outboxWakeups: outboxWakeups(target, OUTBOX_CHANNEL),
      config,
      db,
      bus,
      logger,
      authenticate: guard.authenticate,
      payments: paymentsFromConfig(config),
    });
    return {
      app: service.app,
      start: async () => {
        await guard.start();
        await service.start();
      },
      stop: async () => {
        await guard.stop();
        await service.stop();
        await db.$disconnect();
      },
    };
  },
});
