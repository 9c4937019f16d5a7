import type { AccessLevel } from '@noek/contracts';
import type { ChatTx } from '../../database';
import type { UsageCount } from '../usage/count-message';
import type { ChatUser } from '../../generated/prisma/client';

/** What auth tells us about a user (auth.user.registered.v1 / auth.user.updated.v1). */
export interface AuthUserFacts {
  userId: string;
  accessLevel: AccessLevel;
  isBlocked: boolean;
  isBanned: boolean;
  sessionsValidAfter: Date | null;
  /** When auth made the change: an older fact never overwrites a newer one. */
  at: Date;
}

export function createChatUsersRepository(db: Pick<ChatTx, 'chatUser'>) {
  return {
    /**
     * The local record, created on first sight. Before auth's event arrives, the level in the access
     * token stands in (tokens are short-lived and signed by auth).
     */
    async ensure(userId: string, tokenLevel: AccessLevel): Promise<ChatUser> {
      const found = await db.chatUser.findUnique({ where: { id: userId } });
      if (found) return found;
      // ON CONFLICT DO NOTHING: two first requests of a new user race here (Prisma's upsert is not atomic).
      await db.chatUser.createMany({ data: [{ id: userId, accessLevel: tokenLevel }], skipDuplicates: true });
      return db.chatUser.findUniqueOrThrow({ where: { id: userId } });
    },
    find(userId: string) {
      return db.chatUser.findUnique({ where: { id: userId } });
    },
    /** The model the user picked last: their new conversations start with it. */
    async setDefaultModel(userId: string, model: string): Promise<void> {
      await db.chatUser.updateMany({ where: { id: userId }, data: { defaultModel: model } });
    },
    findMany(userIds: string[]) {
      return db.chatUser.findMany({ where: { id: { in: userIds } } });
    },
    /** The row of a user chat may not have seen yet (admin usage edits): created empty if missing. */
    async ensureRow(userId: string): Promise<ChatUser> {
      await db.chatUser.createMany({ data: [{ id: userId }], skipDuplicates: true });
      return db.chatUser.findUniqueOrThrow({ where: { id: userId } });
    },
    setFunMode(userId: string, funMode: boolean) {
      return db.chatUser.update({ where: { id: userId }, data: { funMode } });
    },
    /** The user's custom instructions (null clears them); the row exists (sessionUser made it). */
    setCustomInstructions(userId: string, customInstructions: string | null) {
      return db.chatUser.update({ where: { id: userId }, data: { customInstructions } });
    },
    /** Sets the user's usage window (admin edit or reset). */
    setUsage(userId: string, messageCount: number, windowStartedAt: Date) {
      return db.chatUser.update({ where: { id: userId }, data: { messageCount, windowStartedAt } });
    },
    /**
     * Counts one message by compare-and-set (usage/count-message.ts): the row moves only if it still
     * holds what the decision was made on. Answers false when it changed meanwhile (nothing written).
     */
    async countIfUnchanged({ expect: e, next }: UsageCount): Promise<boolean> {
      const { count } = await db.chatUser.updateMany({
        where: {
          id: e.userId,
          accessLevel: e.accessLevel,
          messageCount: e.messageCount,
          windowStartedAt: e.windowStartedAt,
          isBanned: false,
          isBlocked: false,
          OR: [{ sessionsValidAfter: null }, { sessionsValidAfter: { lte: e.issuedAt } }],
        },
        data: { messageCount: next.messageCount, windowStartedAt: next.windowStartedAt },
      });
      return count === 1;
    },
    /**
     * Applies auth's facts unless a newer event was already applied. Answers whether it changed
     * anything and whether it revoked sessions now (sessionsValidAfter moved forward).
     */
    async applyAuthFacts(f: AuthUserFacts): Promise<{ applied: boolean; revoked: boolean }> {
      const data = {
        accessLevel: f.accessLevel,
        isBlocked: f.isBlocked,
        isBanned: f.isBanned,
        sessionsValidAfter: f.sessionsValidAfter,
        authUpdatedAt: f.at,
      };
      await db.chatUser.createMany({ data: [{ id: f.userId }], skipDuplicates: true });
      const before = await db.chatUser.findUnique({
        where: { id: f.userId },
        select: { sessionsValidAfter: true },
      });
      const { count } = await db.chatUser.updateMany({
        where: { id: f.userId, OR: [{ authUpdatedAt: null }, { authUpdatedAt: { lte: f.at } }] },
        data,
      });
      const previous = before?.sessionsValidAfter?.getTime() ?? 0;
      return { applied: count > 0, revoked: count > 0 && (f.sessionsValidAfter?.getTime() ?? 0) > previous };
    },
  };
}
export type ChatUsersRepository = ReturnType<typeof createChatUsersRepository>;
