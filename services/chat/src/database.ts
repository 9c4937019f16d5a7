import { fileURLToPath } from 'node:url';
import { createDriverAdapter, migrateDatabase, type DatabaseTarget, type MigrationLogger } from '@noek/db';
import { PrismaClient } from './generated/prisma/client';

/** chat's own PostgreSQL schema (real PostgreSQL or PGlite). */
export const CHAT_SCHEMA = 'chat';
export const chatMigrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export type ChatDb = InstanceType<typeof PrismaClient>;
/** The client inside `$transaction`: what repositories built by a unit of work receive. */
export type ChatTx = Parameters<Parameters<ChatDb['$transaction']>[0]>[0];

/** The chat service's Prisma client on `target` (no migration: openChatDatabase migrates first). */
export function createChatDb(target: DatabaseTarget): ChatDb {
  return new PrismaClient({ adapter: createDriverAdapter(target) });
}

/** Applies the chat service's committed migrations, then opens its client on the same target. */
export async function openChatDatabase(target: DatabaseTarget, logger?: MigrationLogger): Promise<ChatDb> {
  await migrateDatabase({ target, migrationsDir: chatMigrationsDir, logger });
  return createChatDb(target);
}
