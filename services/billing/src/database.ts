import { fileURLToPath } from 'node:url';
import { createDriverAdapter, migrateDatabase, type DatabaseTarget } from '@noek/db';
import { PrismaClient, type Prisma } from './generated/prisma/client';

export const BILLING_SCHEMA = 'billing';
export const billingMigrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export type BillingDb = InstanceType<typeof PrismaClient>;
/** The client or one transaction on it: what repositories are built on. */
export type BillingTx = BillingDb | Prisma.TransactionClient;

/** Applies the billing service's committed migrations, then opens its client on the same target. */
export async function openBillingDatabase(target: DatabaseTarget): Promise<BillingDb> {
  await migrateDatabase({ target, migrationsDir: billingMigrationsDir });
  return new PrismaClient({ adapter: createDriverAdapter(target) });
}
