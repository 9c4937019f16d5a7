import { fileURLToPath } from 'node:url';
import { createDriverAdapter, migrateDatabase, type DatabaseTarget } from '@noek/db';
import { PrismaClient } from './generated/prisma/client';

export const ADMIN_SCHEMA = 'admin';
export const adminMigrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export type AdminDb = InstanceType<typeof PrismaClient>;

/** Applies the admin service's committed migrations, then opens its client on the same target. */
export async function openAdminDatabase(target: DatabaseTarget): Promise<AdminDb> {
  await migrateDatabase({ target, migrationsDir: adminMigrationsDir });
  return new PrismaClient({ adapter: createDriverAdapter(target) });
}

/** A transaction client of the admin database (what repositories run on inside a unit of work). */
export type AdminTx = Parameters<Parameters<AdminDb['$transaction']>[0]>[0];
export type AdminDbOrTx = AdminDb | AdminTx;
