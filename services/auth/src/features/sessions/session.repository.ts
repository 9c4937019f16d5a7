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
    const r = await db.session.updateMany({
      where: { id, replacedAt: null, revokedAt: null },
      data: { replacedAt: now },
    });
    return r.count === 1;
  },

  /**
   * Drops a user's sessions that can never be used again: expired ones, and ones revoked over a day
   * ago. Replaced rows stay until they expire, for reuse detection. Called at sign-in, so the table
   * stays small without a timer.
   */
  async prune(db: Db, userId: string, now: Date): Promise<number> {
    const dayAgo = new Date(now.getTime() - 86_400_000);
    const r = await db.session.deleteMany({
      where: { userId, OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: dayAgo } }] },
    });
    return r.count;
  },

  async revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
    await db.session.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
  },
};
