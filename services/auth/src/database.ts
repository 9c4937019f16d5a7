import { fileURLToPath } from 'node:url';
import { createDriverAdapter, migrateDatabase, type DatabaseTarget, type MigrationLogger } from '@noek/db';
import { PrismaClient, type Prisma } from './generated/prisma/client';
import { createUserRepository } from './features/users/user.repository';
import { createSessionRepository } from './features/sessions/session.repository';
import { createEmailTokenRepository } from './features/verification/email-token.repository';
import { createHandoffRepository } from './features/handoff/handoff.repository';
import { createAdminRequestRepository } from './features/users/admin-request.repository';

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

/** Every repository of auth on one client: the pool (ctx.repos) or a transaction (ctx.transaction). */
export function createAuthRepositories(db: PrismaClient | Prisma.TransactionClient) {
  return {
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    emailTokens: createEmailTokenRepository(db),
    handoffs: createHandoffRepository(db),
    adminRequests: createAdminRequestRepository(db),
  };
}
export type AuthRepositories = ReturnType<typeof createAuthRepositories>;
