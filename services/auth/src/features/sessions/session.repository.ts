import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient, Session } from '../../generated/prisma/client';
import { hashToken, newOpaqueToken } from '../../crypto/tokens';

type Db = PrismaClient | Prisma.TransactionClient;

/** Refresh tokens: the raw value goes to the cookie, only its sha256 is stored. */
export const sessionRepository = {
  async create(
    db: Db,
    input: { userId: string; familyId?: string; expiresAt: Date },
  ): Promise<{ session: Session; token: string }> {
    const token = newOpaqueToken();
    const session = await db.session.create({
      data: {
        userId: input.userId,
        familyId: input.familyId ?? randomUUID(),
        refreshHash: hashToken(token),
        expiresAt: input.expiresAt,
      },
    });
    return { session, token };
  },

  findByToken(db: Db, token: string): Promise<Session | null> {
    return db.session.findUnique({ where: { refreshHash: hashToken(token) } });
  },

  /** Marks a token replaced only if nobody else did first; false means we lost a race. */
  async markReplaced(db: Db, id: string, now: Date): Promise<boolean> {
    const r = await db.session.updateMany({ where: { id, replacedAt: null, revokedAt: null }, data: { replacedAt: now } });
    return r.count === 1;
  },

  async revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
    await db.session.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
  },
};
