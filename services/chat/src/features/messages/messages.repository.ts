import type { ChatTx } from '../../database';
import type { Message, MessageStatus } from '../../generated/prisma/client';
import type { ProgressResult, ReplyLease } from '../replies/reply-writer';

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
    /**
     * Retry: the interrupted or failed reply emptied and streaming again under a new lease epoch, so a
     * writer of an earlier epoch (a paused replica) can never write it again. Null when it is no longer
     * interrupted or failed (a Retry on another replica reopened it first).
     */
    async reopen(messageId: number): Promise<Message | null> {
      const rows = await db.$queryRaw<Message[]>`
        UPDATE "messages" SET "content" = '', "status" = 'streaming', "retryFree" = false,
          "stopRequested" = false, "leaseEpoch" = "leaseEpoch" + 1, "updatedAt" = ${new Date()}::timestamp(3)
        WHERE "id" = ${messageId}::int AND "status" IN ('interrupted', 'failed')
        RETURNING *`;
      return rows[0] ?? null;
    },
    /**
     * The text so far, and the reply's lease renewed (`updatedAt`, see replies/reply-lease.ts). `gone`
     * when the row is no longer this lease's (deleted, swept as interrupted after its lease ran out, or
     * retried under a newer epoch); `stop` when another replica asked for Stop.
     */
    async saveProgress(lease: ReplyLease, content: string): Promise<ProgressResult> {
      const rows = await db.$queryRaw<{ stopRequested: boolean }[]>`
        UPDATE "messages" SET "content" = ${content}::text, "updatedAt" = ${new Date()}::timestamp(3)
        WHERE "id" = ${lease.messageId}::int AND "leaseEpoch" = ${lease.leaseEpoch}::int
          AND "status" = 'streaming'
        RETURNING "stopRequested"`;
      if (!rows[0]) return 'gone';
      return rows[0].stopRequested ? 'stop' : 'stored';
    },
    /**
     * Renews the leases this process still holds (one statement for all of them: a row still
     * `streaming` under the same epoch); answers the ids another replica asked to stop.
     */
    async renewLeases(leases: ReplyLease[]): Promise<number[]> {
      if (leases.length === 0) return [];
      const ids = leases.map((l) => l.messageId);
      const epochs = leases.map((l) => l.leaseEpoch);
      const rows = await db.$queryRaw<{ id: number }[]>`
        UPDATE "messages" SET "updatedAt" = ${new Date()}::timestamp(3)
        FROM unnest(${ids}::int[], ${epochs}::int[]) AS held("id", "epoch")
        WHERE "messages"."id" = held."id" AND "messages"."leaseEpoch" = held."epoch"
          AND "status" = 'streaming'
        RETURNING "messages"."id", "stopRequested"`;
      return (rows as { id: number; stopRequested?: boolean }[])
        .filter((r) => r.stopRequested)
        .map((r) => r.id);
    },
    /** Stop for a reply another replica writes: it sees the request at its next write or renewal. */
    async requestStop(messageId: number): Promise<void> {
      await db.message.updateMany({
        where: { id: messageId, status: 'streaming' },
        data: { stopRequested: true },
      });
    },
    /**
     * The reply's final state and the conversation's updated time, in one statement (once per reply),
     * only while the row is still `streaming` under the lease's epoch. Null otherwise: the lease was
     * lost (swept, or retried under a newer epoch) or the message is gone with its conversation.
     */
    async finish(
      lease: ReplyLease,
      content: string,
      status: MessageStatus,
      retryFree = false,
    ): Promise<Message | null> {
      const now = new Date();
      const rows = await db.$queryRaw<Message[]>`
        WITH m AS (
          UPDATE "messages" SET "content" = ${content}::text, "status" = ${status}::text::"MessageStatus",
            "retryFree" = ${retryFree}, "updatedAt" = ${now}::timestamp(3)
          WHERE "id" = ${lease.messageId}::int AND "leaseEpoch" = ${lease.leaseEpoch}::int
            AND "status" = 'streaming'
          RETURNING *
        ), c AS (
          UPDATE "conversations" SET "updatedAt" = ${now}::timestamp(3) FROM m WHERE "conversations"."id" = m."conversationId"
        )
        SELECT "id", "conversationId", "role", "content", "status", "retryFree", "stopRequested", "leaseEpoch",
          "createdAt", "updatedAt" FROM m`;
      return rows[0] ?? null;
    },
    /**
     * Replies whose lease ran out (`updatedAt` older than `olderThan`: the process writing them died)
     * are interrupted, with what was stored kept; their Retry is free (the cut was ours).
     */
    async interruptExpired(olderThan: Date): Promise<number> {
      const { count } = await db.message.updateMany({
        where: { status: 'streaming', updatedAt: { lt: olderThan } },
        data: { status: 'interrupted', retryFree: true },
      });
      return count;
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
