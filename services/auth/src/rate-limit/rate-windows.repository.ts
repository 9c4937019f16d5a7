import type { PrismaClient } from '../generated/prisma/client';

type Db = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;

/** rate_windows and login_failures: the limiters' shared state, one statement per step. */
export function createRateWindowsRepository(db: Db) {
  return {
    /**
     * One more hit on (limiter, key): a new window when there is none or it has passed, else +1.
     * Atomic, so replicas counting at once never lose a hit.
     */
    async increment(limiter: string, key: string, now: Date, windowMs: number) {
      const since = new Date(now.getTime() - windowMs);
      const rows = await db.$queryRaw<{ count: number; startedAt: Date }[]>`
        INSERT INTO "rate_windows" ("limiter", "key", "startedAt", "count")
        VALUES (${limiter}, ${key}, ${now}::timestamp(3), 1)
        ON CONFLICT ("limiter", "key") DO UPDATE SET
          "count" = CASE WHEN "rate_windows"."startedAt" <= ${since}::timestamp(3) THEN 1 ELSE "rate_windows"."count" + 1 END,
          "startedAt" = CASE WHEN "rate_windows"."startedAt" <= ${since}::timestamp(3) THEN ${now}::timestamp(3) ELSE "rate_windows"."startedAt" END
        RETURNING "count", "startedAt"`;
      return rows[0]!;
    },
    /** The account's run of wrong passwords, or null. */
    async failures(account: string) {
      const rows = await db.$queryRaw<{ failures: number; lastFailure: Date; lastAlert: Date | null }[]>`
        SELECT "failures", "lastFailure", "lastAlert" FROM "login_failures" WHERE "account" = ${account}`;
      return rows[0] ?? null;
    },
    /** One more wrong password; a run older than `forgetMs` starts again at 1. */
    async addFailure(account: string, now: Date, forgetMs: number) {
      const since = new Date(now.getTime() - forgetMs);
      const rows = await db.$queryRaw<{ failures: number; lastAlert: Date | null }[]>`
        INSERT INTO "login_failures" ("account", "failures", "lastFailure") VALUES (${account}, 1, ${now}::timestamp(3))
        ON CONFLICT ("account") DO UPDATE SET
          "failures" = CASE WHEN "login_failures"."lastFailure" < ${since}::timestamp(3) THEN 1 ELSE "login_failures"."failures" + 1 END,
          "lastFailure" = ${now}::timestamp(3)
        RETURNING "failures", "lastAlert"`;
      return rows[0]!;
    },
    /** Claims the owner's alert: true for exactly one caller per `everyMs`, whichever replica. */
    async claimAlert(account: string, now: Date, everyMs: number): Promise<boolean> {
      const before = new Date(now.getTime() - everyMs);
      const n = await db.$executeRaw`
        UPDATE "login_failures" SET "lastAlert" = ${now}::timestamp(3)
        WHERE "account" = ${account} AND ("lastAlert" IS NULL OR "lastAlert" <= ${before}::timestamp(3))`;
      return n === 1;
    },
    async clearFailures(account: string): Promise<void> {
      await db.$executeRaw`DELETE FROM "login_failures" WHERE "account" = ${account}`;
    },
    /** Forgets windows and runs that can no longer refuse anything. */
    async prune(olderThan: Date): Promise<void> {
      await db.$executeRaw`DELETE FROM "rate_windows" WHERE "startedAt" < ${olderThan}::timestamp(3)`;
      await db.$executeRaw`DELETE FROM "login_failures" WHERE "lastFailure" < ${olderThan}::timestamp(3)`;
    },
  };
}
export type RateWindowsRepository = ReturnType<typeof createRateWindowsRepository>;
