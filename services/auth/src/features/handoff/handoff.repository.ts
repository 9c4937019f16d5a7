import type { HandoffToken, Prisma, PrismaClient } from '../../generated/prisma/client';

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Handoff tokens by jti. Each row remembers the browser that made it (originBrowserHash, on the
 * origin host) and the first browser that presented it on the target host (targetBrowserHash); the
 * exchange needs both to be the same browser, proven by the confirm round trip (confirmedAt).
 */
export function createHandoffRepository(db: Db) {
  return {
    async create(input: {
      jti: string;
      userId: string;
      audience: string;
      action: 'login' | 'logout';
      origin: string;
      target: string;
      originBrowserHash: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      const { now, ...data } = input;
      await db.handoffToken.create({ data });
      // Old rows are useless after expiry; trimming here keeps the table small without a timer.
      await db.handoffToken.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 3_600_000) } } });
    },
    /** A live (unused, unexpired) row for this token's claims, or null. */
    findLive(input: { jti: string; userId: string; now: Date }): Promise<HandoffToken | null> {
      return db.handoffToken.findFirst({
        where: { jti: input.jti, userId: input.userId, usedAt: null, expiresAt: { gt: input.now } },
      });
    },
    /** Binds the row to the first browser presenting it on the target host; false if another did. */
    async bindTarget(jti: string, targetBrowserHash: string): Promise<boolean> {
      const r = await db.handoffToken.updateMany({
        where: { jti, targetBrowserHash: null, usedAt: null },
        data: { targetBrowserHash },
      });
      return r.count === 1;
    },
    /**
     * Confirmed in the browser that made it: from now on only that browser can finish, so the last
     * step (and the ask-before-switching prompt) gets `finishWithinMs` instead of the token's 30 s.
     */
    async confirm(jti: string, now: Date, finishWithinMs: number): Promise<boolean> {
      const r = await db.handoffToken.updateMany({
        where: { jti, confirmedAt: null, usedAt: null, targetBrowserHash: { not: null } },
        data: { confirmedAt: now, expiresAt: new Date(now.getTime() + finishWithinMs) },
      });
      return r.count === 1;
    },
    /** Single use: only one of two concurrent exchanges wins. */
    async use(jti: string, now: Date): Promise<boolean> {
      const r = await db.handoffToken.updateMany({
        where: { jti, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      return r.count === 1;
    },
  };
}
export type HandoffRepository = ReturnType<typeof createHandoffRepository>;
