import { authKey, defineService } from '@noek/service-kit';
import { loadBillingConfig } from './config';
import { BILLING_SCHEMA, openBillingDatabase } from './database';
import { paymentsFromConfig } from './features/payments/payments';
import { createBillingService } from './service';

/** The billing service for both run modes (its own process, or `npm start`'s single process). */
export const billingService = defineService({
  name: 'billing',
  defaultPort: 4003,
  schema: BILLING_SCHEMA,
  loadConfig: loadBillingConfig,
  openDatabase: openBillingDatabase,
  sessionGuard: (config) => ({
    publicKey: authKey('public', config.AUTH_PUBLIC_KEY, config.KEYS_DIR),
    authUrl: config.AUTH_URL,
  }),
  create: ({ config, guard, ...wiring }) =>
    createBillingService({
      ...wiring,
      config,
      guard,
      authenticate: guard.authenticate,
      payments: paymentsFromConfig(config),
    }),
});
