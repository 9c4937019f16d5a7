// What the start scripts and tests use to run billing inside another process.
export { billingService } from './definition';
export { createBillingService, type BillingService, type BillingServiceDeps } from './service';
export { loadBillingConfig, billingEnvSchema, type BillingConfig } from './config';
export { openBillingDatabase, billingMigrationsDir, BILLING_SCHEMA, type BillingDb } from './database';
