import type { Prisma, PrismaClient } from './generated/prisma/client';
import { createUserRepository } from './features/users/user.repository';
import { createSessionRepository } from './features/sessions/session.repository';
import { createEmailTokenRepository } from './features/verification/email-token.repository';
import { createHandoffRepository } from './features/handoff/handoff.repository';

/** Every repository of auth on one client: the pool (ctx.repos) or a transaction (ctx.transaction). */
export function createAuthRepositories(db: PrismaClient | Prisma.TransactionClient) {
  return {
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    emailTokens: createEmailTokenRepository(db),
    handoffs: createHandoffRepository(db),
  };
}
export type AuthRepositories = ReturnType<typeof createAuthRepositories>;
