import { fileURLToPath } from 'node:url';
import { createDriverAdapter, migrateDatabase, type DatabaseTarget, type MigrationLogger } from '@noek/db';
import { PrismaClient } from './generated/prisma/client';

export const AUTH_SCHEMA = 'auth';
export const authMigrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** Applies auth's committed migrations, then opens its client on the same target. */
export async function openAuthDatabase(
  target: DatabaseTarget,
  logger?: MigrationLogger,
): Promise<PrismaClient> {
  await migrateDatabase({ target, migrationsDir: authMigrationsDir, logger });
  return new PrismaClient({ adapter: createDriverAdapter(target) });
}
