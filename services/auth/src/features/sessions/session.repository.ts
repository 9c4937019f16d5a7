import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient, Session } from '../../generated/prisma/client';
import { hashToken, newOpaqueToken } from '../../crypto/tokens';

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Refresh tokens: the raw value goes to the cookie, only its sha256 is stored. A family (familyId)
 * is one sign-in of one browser: the `sid` of its access tokens.
 */
export function createSessionRepository(db: Db) {
  return {
    async create(input: {
      userId: string;
      familyId?: string;
      expiresAt: Date;
      browserHash: string | null;
    }): Promise<{ session: Session; token: string }> {
      const token = newOpaqueToken();
      const session = await db.session.create({
        data: {
          userId: input.userId,
          familyId: input.familyId ?? randomUUID(),
          refreshHash: hashToken(token),
          expiresAt: input.expiresAt,
          browserHash: input.browserHash,
        },
      });
      return { session, token };
    },
    findByToken(token: string): Promise<Session | null> {
      return db.session.findUnique({ where: { refreshHash: hashToken(token) } });
    },
    /** True when this browser (cookie hash) signed in to the user's account before. */
    async isKnownBrowser(userId: string, browserHash: string): Promise<boolean> {
      const row = await db.session.findFirst({ where: { userId, browserHash }, select: { id: true } });
      return row !== null;
    },
    /** The families among `familyIds` that were ended (isFamilyRevoked for many). */
    async revokedFamilies(familyIds: string[]): Promise<Set<string>> {
      if (familyIds.length === 0) return new Set();
      const rows = await db.session.findMany({
        where: { familyId: { in: familyIds }, revokedAt: { not: null } },
        select: { familyId: true },
        distinct: ['familyId'],
      });
      return new Set(rows.map((r) => r.familyId));
    },
    /** True when the family was ended (sign-out, reuse, revocation of the user). */
    async isFamilyRevoked(familyId: string): Promise<boolean> {
      const row = await db.session.findFirst({
        where: { familyId, revokedAt: { not: null } },
        select: { id: true },
      });
      return row !== null;
    },
    /** Marks a token replaced only if nobody else did first; false means we lost a race. */
    async markReplaced(id: string, now: Date): Promise<boolean> {
      const r = await db.session.updateMany({
        where: { id, replacedAt: null, revokedAt: null },
        data: { replacedAt: now },
      });
      return r.count === 1;
    },
    /**
     * Drops a user's sessions that can never be used again: expired ones, and ones revoked over a
     * day ago. Replaced rows stay until they expire, for reuse detection. Called at sign-in, so the
     * table stays small without a timer.
     */
    async prune(userId: string, now: Date): Promise<number> {
      const dayAgo = new Date(now.getTime() - 86_400_000);
      const r = await db.session.deleteMany({
        where: { userId, OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: dayAgo } }] },
      });
      return r.count;
    },
    /** Ends one family; answers whether it was live until now. */
    async revokeFamily(familyId: string, now: Date): Promise<boolean> {
      const r = await db.session.updateMany({
        where: { familyId, revokedAt: null },
        data: { revokedAt: now },
      });
      return r.count > 0;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
