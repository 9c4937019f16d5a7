import type { ChatTx } from '../../database';

/** One ended session (auth.session.revoked.v1), kept until its last access token has expired. */
export interface SessionRevocation {
  sessionId: string;
  userId: string;
  revokedAt: Date;
  expiresAt: Date;
}

export function createSessionRevocationsRepository(db: Pick<ChatTx, 'sessionRevocation'>) {
  return {
    /** Records a revocation; a second record of the same session changes nothing. */
    async record(r: SessionRevocation): Promise<void> {
      await db.sessionRevocation.createMany({ data: [r], skipDuplicates: true });
    },
    /** The revocations still in force at `now` (their sessions' tokens may not all have expired). */
    listActive(now: Date): Promise<SessionRevocation[]> {
      return db.sessionRevocation.findMany({ where: { expiresAt: { gt: now } } });
    },
    /** Deletes the revocations whose every token has expired; answers how many. */
    async pruneExpired(now: Date): Promise<number> {
      const { count } = await db.sessionRevocation.deleteMany({ where: { expiresAt: { lte: now } } });
      return count;
    },
  };
}
export type SessionRevocationsRepository = ReturnType<typeof createSessionRevocationsRepository>;
