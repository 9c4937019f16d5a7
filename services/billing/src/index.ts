export { billingService } from './definition';
export { createBillingService, type BillingService, type BillingServiceDeps } from './service';
export { billingEnvSchema, loadBillingConfig, type BillingConfig } from './config';
export { BILLING_SCHEMA, billingMigrationsDir, openBillingDatabase, type BillingDb } from './database';
export { paymentsFromConfig, type Payments } from './features/payments/payments';
