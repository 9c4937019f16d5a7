import type { EmailToken, EmailTokenPurpose, Prisma, PrismaClient } from '../../generated/prisma/client';
import { hashToken, newOpaqueToken } from '../../crypto/tokens';

type Db = PrismaClient | Prisma.TransactionClient;

export type TokenProblem = 'invalid' | 'used' | 'expired';

/** Verification and reset tokens: 256 random bits, only the sha256 stored, single use, expiring. */
const emailTokens = {
  /** Issues a new token and retires the user's earlier unused ones of the same purpose. */
  async issue(
    db: Db,
    input: { userId: string; purpose: EmailTokenPurpose; ttlMs: number; now: Date },
  ): Promise<string> {
    await db.emailToken.updateMany({
      where: { userId: input.userId, purpose: input.purpose, usedAt: null },
      data: { usedAt: input.now },
    });
    // Rows that can never be used again, once past a week (kept a while for support questions).
    const weekAgo = new Date(input.now.getTime() - 7 * 86_400_000);
    await db.emailToken.deleteMany({
      where: { userId: input.userId, OR: [{ usedAt: { lt: weekAgo } }, { expiresAt: { lt: weekAgo } }] },
    });
    const token = newOpaqueToken();
    await db.emailToken.create({
      data: {
        userId: input.userId,
        purpose: input.purpose,
        tokenHash: hashToken(token),
        expiresAt: new Date(input.now.getTime() + input.ttlMs),
      },
    });
    return token;
  },

  /**
   * Claims a token for use: marks it used in the same statement that checks it is unused, so two
   * concurrent uses cannot both succeed. Answers the row or why it cannot be used.
   */
  async consume(
    db: Db,
    input: { token: string; purpose: EmailTokenPurpose; now: Date },
  ): Promise<{ row: EmailToken } | { problem: TokenProblem; row?: EmailToken }> {
    const row = await db.emailToken.findUnique({ where: { tokenHash: hashToken(input.token) } });
    if (!row || row.purpose !== input.purpose) return { problem: 'invalid' };
    if (row.usedAt) return { problem: 'used', row };
    if (row.expiresAt <= input.now) return { problem: 'expired', row };
    const claimed = await db.emailToken.updateMany({
      where: { id: row.id, usedAt: null },
      data: { usedAt: input.now },
    });
    if (claimed.count !== 1) return { problem: 'used', row };
    return { row };
  },
};

export function createEmailTokenRepository(db: Db) {
  return {
    issue: (input: Parameters<typeof emailTokens.issue>[1]) => emailTokens.issue(db, input),
    consume: (input: Parameters<typeof emailTokens.consume>[1]) => emailTokens.consume(db, input),
    findByToken: (token: string) => db.emailToken.findUnique({ where: { tokenHash: hashToken(token) } }),
  };
}
export type EmailTokenRepository = ReturnType<typeof createEmailTokenRepository>;
