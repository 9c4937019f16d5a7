import { createDriverAdapter, type DatabaseTarget } from '@noek/db';
import { PrismaClient } from '../generated/prisma/client';

export type ChatDb = InstanceType<typeof PrismaClient>;
export type ChatTx = Parameters<Parameters<ChatDb['$transaction']>[0]>[0];

export const CHAT_SCHEMA = 'chat';

/** The chat service's Prisma client on its own PostgreSQL schema "chat" (real PostgreSQL or PGlite). */
export function createChatDb(target: DatabaseTarget): ChatDb {
  return new PrismaClient({ adapter: createDriverAdapter(target) });
}
