import { fileURLToPath } from 'node:url';
import { migrateDatabase, type DatabaseTarget } from '@noek/db';
import { createChatDb, type ChatDb } from './db/chat-db';

export { CHAT_SCHEMA } from './db/chat-db';
const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** Applies the chat service's committed migrations, then opens its client on the same target. */
export async function openChatDatabase(target: DatabaseTarget): Promise<ChatDb> {
  await migrateDatabase({ target, migrationsDir });
  return createChatDb(target);
}
