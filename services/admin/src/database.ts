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
