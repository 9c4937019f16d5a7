import { fileURLToPath } from 'node:url';
import { createDriverAdapter, migrateDatabase, type DatabaseTarget, type MigrationLogger } from '@noek/db';
import { PrismaClient } from './generated/prisma/client';

export const TEMPLATE_SCHEMA = 'template';
export const templateMigrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export type TemplateDb = InstanceType<typeof PrismaClient>;
/** The client inside `$transaction`: what repositories built by a unit of work receive. */
export type TemplateTx = Parameters<Parameters<TemplateDb['$transaction']>[0]>[0];

/** Applies the template service's committed migrations, then opens its client on the same target. */
export async function openTemplateDatabase(
  target: DatabaseTarget,
  logger?: MigrationLogger,
): Promise<TemplateDb> {
  await migrateDatabase({ target, migrationsDir: templateMigrationsDir, logger });
  return new PrismaClient({ adapter: createDriverAdapter(target) });
}
