import { randomUUID } from 'node:crypto';
import { replyFinishedEvent, type ReplyOutcome } from '@noek/contracts';
import { OUTBOX_CHANNEL, outboxRecord } from '@noek/service-kit';
import type { ChatTx } from '../../database';
import type { Message, MessageStatus } from '../../generated/prisma/client';
import type { ProgressWrite } from '../replies/progress-group-commit';
import type { TokenUsage } from '../model/model.types';
import type { ProgressResult, ReplyLease } from '../replies/reply-writer';

export function createMessagesRepository(db: ChatTx) {
  return {
    /** A message of a conversation owned by `userId`, or null (another user's reads as missing). */
    findOwned(userId: string, conversationId: number, messageId: number) {
      return db.message.findFirst({ where: { id: messageId, conversationId, conversation: { userId } } });
    },
    /** A stored message of either role, following `parentId` (fun-mode commands and their acknowledgement). */
    add(
      conversationId: number,
      parentId: number | null,
      role: 'user' | 'assistant',
      content: string,
    ): Promise<Message> {
      return db.message.create({ data: { conversationId, parentId, role, content } });
    },
    /** A reply being written (status `streaming`, empty) after `parentId`: a regenerate's new sibling. */
    addReply(conversationId: number, parentId: number, model: string | null = null): Promise<Message> {
      return db.message.create({
        data: { conversationId, parentId, role: 'assistant', content: '', status: 'streaming', model },
      });
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
     * Continue: the stopped reply streaming again from its stored text, under a new lease epoch (as a
     * Retry). Null when it is no longer an interrupted reply with text (continued elsewhere first).
     */
    async reopenToContinue(messageId: number): Promise<Message | null> {
      const rows = await db.$queryRaw<Message[]>`
        UPDATE "messages" SET "status" = 'streaming', "retryFree" = false,
          "stopRequested" = false, "leaseEpoch" = "leaseEpoch" + 1, "updatedAt" = ${new Date()}::timestamp(3)
        WHERE "id" = ${messageId}::int AND "status" = 'interrupted' AND "content" <> ''
        RETURNING *`;
      return rows[0] ?? null;
    },
    /**
     * The text so far of many replies, in one statement (replies/progress-group-commit.ts), each with its
     * lease renewed (`updatedAt`, see replies/reply-lease.ts), only while its row is `streaming` under the
     * lease's epoch. A reply missing from the answer is `gone` (deleted, swept as interrupted after its
     * lease ran out, or retried under a newer epoch); `stop` when another replica asked for Stop.
     */
    async saveProgressMany(writes: readonly ProgressWrite[]): Promise<Map<number, ProgressResult>> {
      const ids = writes.map((w) => w.lease.messageId);
      const epochs = writes.map((w) => w.lease.leaseEpoch);
      const contents = writes.map((w) => w.content);
      const rows = await db.$queryRaw<{ id: number; stopRequested: boolean }[]>`
        UPDATE "messages" SET "content" = w."content", "updatedAt" = ${new Date()}::timestamp(3)
        FROM unnest(${ids}::int[], ${epochs}::int[], ${contents}::text[]) AS w("id", "epoch", "content")
        WHERE "messages"."id" = w."id" AND "messages"."leaseEpoch" = w."epoch"
          AND "status" = 'streaming'
        RETURNING "messages"."id", "stopRequested"`;
      return new Map(rows.map((r) => [r.id, r.stopRequested ? 'stop' : 'stored']));
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
     * Ends a reply and, in the same statement, writes chat.reply.finished.v1 to the outbox (the owner, the
     * owner's level, the conversation and the model the reply records come from the rows) and wakes the
     * relay; once per reply, only while the row is still `streaming` under the lease's epoch. A
     * 'streaming' status writes no event (only final states are finished).
     */
    async finish(
      lease: ReplyLease,
      content: string,
      status: MessageStatus,
      retryFree = false,
      tokens: TokenUsage | null = null,
      contextTrimmed = 0,
      /** Names the writer when the reply records no model (the offline responder). */
      fallbackModel = 'offline',
    ): Promise<Message | null> {
      const now = new Date();
      const outcome: ReplyOutcome | null =
        status === 'complete' ? 'completed' : status === 'interrupted' || status === 'failed' ? status : null;
      // Placeholders (userId, conversationId, accessLevel, model) are filled in by the database from the rows.
      const outbox = outboxRecord({
        id: randomUUID(),
        type: replyFinishedEvent.subject,
        time: now.toISOString(),
        correlationId: randomUUID(),
        data: {
          userId: '00000000-0000-4000-8000-000000000000',
          conversationId: 1,
          messageId: lease.messageId,
          model: fallbackModel,
          accessLevel: 'basic',
          outcome: outcome ?? 'failed',
          // The provider's usage, else counted with a tokenizer (replies/reply-registry.ts); 0 when none.
          promptTokens: tokens?.prompt ?? 0,
          completionTokens: tokens?.completion ?? 0,
          at: now.toISOString(),
        },
      });
      const rows = await db.$queryRaw<Message[]>`
        WITH m AS (
          UPDATE "messages" SET "content" = ${content}::text, "status" = ${status}::text::"MessageStatus",
            "retryFree" = ${retryFree}, "updatedAt" = ${now}::timestamp(3),
            "promptTokens" = ${tokens?.prompt ?? null}::int, "completionTokens" = ${tokens?.completion ?? null}::int,
            "contextTrimmed" = ${contextTrimmed}::int
          WHERE "id" = ${lease.messageId}::int AND "leaseEpoch" = ${lease.leaseEpoch}::int
            AND "status" = 'streaming'
          RETURNING *
        ), c AS (
          UPDATE "conversations" SET "updatedAt" = ${now}::timestamp(3) FROM m WHERE "conversations"."id" = m."conversationId"
          RETURNING "conversations"."userId"
        ), o AS (
          INSERT INTO "outbox_events" ("id", "subject", "payload", "createdAt", "attempts")
          SELECT ${outbox.id}::text, ${outbox.subject}::text,
                 jsonb_set(jsonb_set(jsonb_set(jsonb_set(${JSON.stringify(outbox.payload)}::jsonb,
                   '{data,userId}', to_jsonb(c."userId"::text)),
                   '{data,conversationId}', to_jsonb(m."conversationId")),
                   '{data,accessLevel}', to_jsonb(COALESCE(u."accessLevel", 'basic'))),
                   '{data,model}', to_jsonb(COALESCE(m."model", ${fallbackModel}::text))),
                 ${outbox.createdAt}::timestamp(3), 0
          FROM m CROSS JOIN c LEFT JOIN "chat_users" u ON u."id" = c."userId"
          WHERE ${outcome !== null}
          RETURNING 1
        ), n AS (
          SELECT pg_notify(${OUTBOX_CHANNEL}, current_schema()) FROM o
        )
        SELECT "id", "conversationId", "parentId", "role", "content", "status", "retryFree", "stopRequested",
          "leaseEpoch", "model", "promptTokens", "completionTokens", "contextTrimmed", "createdAt", "updatedAt",
          (SELECT count(*) FROM n) AS "notified" FROM m`;
      const row = rows[0];
      if (!row) return null;
      const { notified: _, ...message } = row as Message & { notified?: unknown };
      return message;
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
