import type { ChatTx } from '../../database';
import type { Message, MessageStatus } from '../../generated/prisma/client';

export function createMessagesRepository(db: ChatTx) {
  return {
    /** Oldest first; the caller has checked the conversation's owner. */
    list(conversationId: number) {
      return db.message.findMany({ where: { conversationId }, orderBy: { id: 'asc' } });
    },
    /** A message of a conversation owned by `userId`, or null (another user's reads as missing). */
    findOwned(userId: string, conversationId: number, messageId: number) {
      return db.message.findFirst({ where: { id: messageId, conversationId, conversation: { userId } } });
    },
    /** The `limit` messages before `beforeId`, oldest first: the prompt's history. */
    async history(conversationId: number, beforeId: number, limit: number) {
      const rows = await db.message.findMany({
        where: { conversationId, id: { lt: beforeId } },
        orderBy: { id: 'desc' },
        take: limit,
      });
      return rows.reverse();
    },
    /** A stored message of either role (fun-mode commands and their local acknowledgement). */
    add(conversationId: number, role: 'user' | 'assistant', content: string): Promise<Message> {
      return db.message.create({ data: { conversationId, role, content } });
    },
    /** Retry: the interrupted or failed reply emptied and streaming again. */
    reopen(messageId: number): Promise<Message> {
      return db.message.update({ where: { id: messageId }, data: { content: '', status: 'streaming' } });
    },
    async saveProgress(messageId: number, content: string): Promise<void> {
      await db.message.updateMany({ where: { id: messageId, status: 'streaming' }, data: { content } });
    },
    /** The reply's final state and the conversation's updated time, in one statement (once per reply). */
    async finish(messageId: number, content: string, status: MessageStatus): Promise<Message> {
      const now = new Date();
      const rows = await db.$queryRaw<Message[]>`
        WITH m AS (
          UPDATE "messages" SET "content" = ${content}::text, "status" = ${status}::text::"MessageStatus", "updatedAt" = ${now}::timestamp(3)
          WHERE "id" = ${messageId}::int
          RETURNING *
        ), c AS (
          UPDATE "conversations" SET "updatedAt" = ${now}::timestamp(3) FROM m WHERE "conversations"."id" = m."conversationId"
        )
        SELECT "id", "conversationId", "role", "content", "status", "createdAt", "updatedAt" FROM m`;
      const row = rows[0];
      // Deleted with its conversation meanwhile: as Prisma's update would, refuse to pretend it is stored.
      if (!row) throw new Error(`message ${messageId} no longer exists`);
      return row;
    },
    /**
     * Replies left `streaming` by a process that died (no graceful shutdown) are interrupted: nothing
     * will finish them. `olderThan` keeps replies another live instance is still flushing.
     */
    async interruptStale(olderThan: Date, ids?: number[]): Promise<number> {
      const { count } = await db.message.updateMany({
        where: { status: 'streaming', updatedAt: { lt: olderThan }, ...(ids ? { id: { in: ids } } : {}) },
        data: { status: 'interrupted' },
      });
      return count;
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
