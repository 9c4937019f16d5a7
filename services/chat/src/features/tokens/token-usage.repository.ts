import type { TokenUsageRow } from '@noek/contracts';
import type { ChatTx } from '../../database';

/**
 * A user's replies summed per model and day (UTC), from the tokens stored on each reply; replies of
 * deleted conversations are gone with them.
 */
export function createTokenUsageRepository(db: Pick<ChatTx, '$queryRaw'>) {
  return {
    async perModelAndDay(userId: string, since: Date): Promise<TokenUsageRow[]> {
      return db.$queryRaw<TokenUsageRow[]>`
        SELECT to_char(m."createdAt", 'YYYY-MM-DD') AS "day", m."model",
               count(*)::int AS "replies",
               sum(m."promptTokens")::int AS "promptTokens",
               sum(m."completionTokens")::int AS "completionTokens"
        FROM "messages" m JOIN "conversations" c ON c."id" = m."conversationId"
        WHERE c."userId" = ${userId}::uuid AND m."createdAt" >= ${since}::timestamp(3)
          AND m."model" IS NOT NULL AND m."promptTokens" IS NOT NULL
        GROUP BY 1, 2
        ORDER BY 1 DESC, 2`;
    },
    /** Prompt and completion tokens of the user's replies created since `since` (a plan's window). */
    async spentSince(userId: string, since: Date): Promise<number> {
      const [row] = await db.$queryRaw<{ spent: number }[]>`
        SELECT coalesce(sum(coalesce(m."promptTokens", 0) + coalesce(m."completionTokens", 0)), 0)::float8 AS "spent"
        FROM "messages" m JOIN "conversations" c ON c."id" = m."conversationId"
        WHERE c."userId" = ${userId}::uuid AND m."createdAt" >= ${since}::timestamp(3)
          AND m."role" = 'assistant'`;
      return Number(row?.spent ?? 0);
    },
  };
}
export type TokenUsageRepository = ReturnType<typeof createTokenUsageRepository>;
