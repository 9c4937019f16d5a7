import { apiRoutes } from '@noek/contracts';
import { definePlannedService } from '@noek/runtime';
import { loadBillingConfig } from './config';
import { BILLING_SCHEMA, openBillingDatabase } from './database';

/**
 * The billing service. Today it owns its schema (outbox, processed events) and answers the subscription
 * and payment routes of spec §7 with 501 until the billing capability ships.
 */
export const billingService = definePlannedService({
  name: 'billing',
  defaultPort: 4003,
  dbSchema: BILLING_SCHEMA,
  loadConfig: loadBillingConfig,
  openDatabase: openBillingDatabase,
  routes: Object.values(apiRoutes.subscription),
  message: 'Subscriptions are not available yet.',
});
