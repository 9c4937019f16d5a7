import type { OutboxRecord } from '@noek/service-kit';
import type { ChatTx } from '../../database';
import type { UsageCount, UsageExpectation } from '../usage/count-message';
import type { ChatUser, Conversation, Message } from '../../generated/prisma/client';

/**
 * The send path in two statements instead of a dozen (it is the hottest path of the product and every
 * round trip to PostgreSQL costs CPU in Prisma, pg and the socket):
 * 1. one read: the user's row and the conversation, if the user owns it;
 * 2. one write that counts, stores both messages, names and touches the conversation and writes the
 *    outbox row, atomically (a single statement is its own transaction, so it needs no unit of work),
 *    and only if the user's row still holds what the decision was made on (compare-and-set, the one
 *    usage-counting strategy: usage/count-message.ts); otherwise nothing is written and the caller
 *    decides again.
 *    The same statement reads the prompt's earlier messages (its snapshot predates the new rows).
 * Raw SQL: the connection's search_path is the service's schema (packages/db), so names are unqualified.
 */

export interface SendSnapshot {
  user: ChatUser | null;
  conversation: Conversation | null;
  /** The user's replies being written now, by every replica (the live-reply cap holds across them). */
  streamingReplies: number;
}

/** The conversation's columns, prefixed, in a row that also carries the user or a message. */
type ConversationColumns = {
  cId: number | null;
  cUserId: string;
  cTitle: string;
  cCreatedAt: Date;
  cUpdatedAt: Date;
  cArchivedAt: Date | null;
  cCurrentLeafId: number | null;
  cSystemPrompt: string | null;
  cModel: string | null;
};

type SnapshotRow = ChatUser & ConversationColumns & { userFound: string | null; streamingReplies: number };

/** What the decision was made on (usage/count-message.ts); the write happens only if the row still holds it. */
export type SendExpectation = UsageExpectation;

export interface SendWrite extends UsageCount {
  conversationId: number;
  /** Set when the conversation is still called 'New Chat'. */
  title: string | null;
  content: string;
  now: Date;
  /** The outbox row; `payload.data.messageId` is filled in by the database with the user message's id. */
  outbox: OutboxRecord;
  /** How many earlier messages the prompt takes (besides the new user message). */
  historyLimit: number;
  /**
   * Where the user message goes: after the conversation's current leaf (a send), or after a given
   * parent (an edit: a sibling of the edited message; null parent for a first message).
   */
  after: { kind: 'leaf' } | { kind: 'parent'; parentId: number | null };
  /** The model that will write the reply, stored on it (null: the offline responder). */
  replyModel: string | null;
}

export type SendWriteResult =
  | { kind: 'stale' }
  | { kind: 'conversation-gone' }
  | {
      kind: 'stored';
      userMessage: Message;
      assistantMessage: Message;
      conversation: Conversation;
      funMode: boolean;
      /** The user's custom instructions (part of the prompt's system message). */
      customInstructions: string | null;
      /** The prompt's messages, oldest first, ending with the new user message. */
      history: Message[];
    };

type WriteRow = Message &
  ConversationColumns & { kind: 'new' | 'history'; funMode: boolean; customInstructions: string | null };

type SendDb = Pick<ChatTx, '$queryRaw'>;

export function createSendRepository(db: SendDb) {
  return {
    snapshot: (userId: string, conversationId: number) => readSnapshot(db, userId, conversationId),
    write: (w: SendWrite) => writeSend(db, w),
  };
}
export type SendRepository = ReturnType<typeof createSendRepository>;

/** The user's row and the conversation if the user owns it, in one round trip. */
async function readSnapshot(db: SendDb, userId: string, conversationId: number): Promise<SendSnapshot> {
  const rows = await db.$queryRaw<SnapshotRow[]>`
        SELECT u.*, u."id" AS "userFound",
               c."id" AS "cId", c."userId" AS "cUserId", c."title" AS "cTitle",
               c."createdAt" AS "cCreatedAt", c."updatedAt" AS "cUpdatedAt", c."archivedAt" AS "cArchivedAt",
               c."currentLeafId" AS "cCurrentLeafId", c."systemPrompt" AS "cSystemPrompt", c."model" AS "cModel",
               (SELECT count(*)::int FROM "messages" m JOIN "conversations" mc ON mc."id" = m."conversationId"
                 WHERE m."status" = 'streaming' AND mc."userId" = k."uid") AS "streamingReplies"
        FROM (SELECT ${userId}::uuid AS "uid") AS k
        LEFT JOIN "chat_users" u ON u."id" = k."uid"
        LEFT JOIN "conversations" c ON c."id" = ${conversationId}::int AND c."userId" = k."uid"`;
  const row = rows[0];
  if (!row) return { user: null, conversation: null, streamingReplies: 0 };
  return {
    user: row.userFound ? userOf(row) : null,
    conversation: conversationOf(row),
    streamingReplies: row.streamingReplies,
  };
}

/** Counts, stores both messages, names the conversation and writes the outbox row: one statement. */
async function writeSend(db: SendDb, w: SendWrite): Promise<SendWriteResult> {
  const { expect: e } = w;
  const explicitParent = w.after.kind === 'parent';
  const parentId = w.after.kind === 'parent' ? w.after.parentId : null;
  // The conversation row is locked before the user's count moves, so a concurrent delete cannot
  // leave a counted message without its rows; a conversation deleted meanwhile counts nothing.
  // The tree: both ids are drawn first, so the reply can name the user message as its parent and the
  // conversation can remember the reply as the leaf it shows, all in this one statement.
  const rows = await db.$queryRaw<WriteRow[]>`
        WITH RECURSIVE u AS (
          UPDATE "chat_users"
          SET "messageCount" = ${w.next.messageCount}::int, "windowStartedAt" = ${w.next.windowStartedAt}::timestamp(3),
              "updatedAt" = ${w.now}::timestamp(3)
          WHERE "id" = ${e.userId}::uuid
            AND "accessLevel" = ${e.accessLevel}::text
            AND "messageCount" = ${e.messageCount}::int
            AND "windowStartedAt" IS NOT DISTINCT FROM ${e.windowStartedAt}::timestamp(3)
            AND NOT "isBanned" AND NOT "isBlocked"
            AND ("sessionsValidAfter" IS NULL OR "sessionsValidAfter" <= ${e.issuedAt}::timestamp(3))
            AND EXISTS (
              SELECT 1 FROM "conversations"
              WHERE "id" = ${w.conversationId}::int AND "userId" = ${e.userId}::uuid
              FOR NO KEY UPDATE)
          RETURNING "funMode", "customInstructions"
        ), p AS (
          SELECT CASE WHEN ${explicitParent}::boolean THEN ${parentId}::int ELSE COALESCE(
            (SELECT m."id" FROM "messages" m JOIN "conversations" lc ON lc."currentLeafId" = m."id"
              WHERE lc."id" = ${w.conversationId}::int AND m."conversationId" = ${w.conversationId}::int),
            (SELECT max("id") FROM "messages" WHERE "conversationId" = ${w.conversationId}::int)) END AS "parentId"
        ), ids AS (
          SELECT n."userMessageId", nextval(pg_get_serial_sequence('messages', 'id'))::int AS "replyId"
          FROM (SELECT nextval(pg_get_serial_sequence('messages', 'id'))::int AS "userMessageId") AS n
        ), c AS (
          UPDATE "conversations"
          SET "updatedAt" = ${w.now}::timestamp(3), "title" = COALESCE(${w.title}::text, "title"),
              "currentLeafId" = (SELECT "replyId" FROM ids)
          WHERE "id" = ${w.conversationId}::int AND "userId" = ${e.userId}::uuid AND EXISTS (SELECT 1 FROM u)
          RETURNING *
        ), m AS (
          INSERT INTO "messages" ("id", "conversationId", "parentId", "role", "content", "status", "model", "createdAt", "updatedAt")
          SELECT v."id", c."id", v."parentId", v."role"::"MessageRole", v."content", v."status"::"MessageStatus", v."model", ${w.now}::timestamp(3), ${w.now}::timestamp(3)
          FROM c, ids, p, LATERAL (VALUES
            (1, ids."userMessageId", p."parentId", 'user', ${w.content}::text, 'complete', NULL::text),
            (2, ids."replyId", ids."userMessageId", 'assistant', '', 'streaming', ${w.replyModel}::text)
          ) AS v("ord", "id", "parentId", "role", "content", "status", "model")
          ORDER BY v."ord"
          RETURNING *
        ), o AS (
          INSERT INTO "outbox_events" ("id", "subject", "payload", "createdAt", "attempts")
          SELECT ${w.outbox.id}::text, ${w.outbox.subject}::text,
                 jsonb_set(${JSON.stringify(w.outbox.payload)}::jsonb, '{data,messageId}', to_jsonb(m."id")),
                 ${w.outbox.createdAt}::timestamp(3), 0
          FROM m WHERE m."role" = 'user'
        ), up AS (
          -- The prompt's earlier messages: the path above the new user message (the snapshot predates it).
          -- Each step carries its whole row, so the walk reads each message once (half the index scans).
          SELECT hm AS "row", hm."parentId", 1 AS "depth" FROM p JOIN "messages" hm ON hm."id" = p."parentId"
          WHERE hm."conversationId" = ${w.conversationId}::int AND ${w.historyLimit}::int > 0
            AND EXISTS (SELECT 1 FROM u)
          UNION ALL
          SELECT hm, hm."parentId", up."depth" + 1 FROM up JOIN "messages" hm ON hm."id" = up."parentId"
          WHERE up."depth" < ${w.historyLimit}::int
        ), h AS (
          SELECT (up."row").* FROM up
        )
        (SELECT 'new' AS "kind", m.*, u."funMode", u."customInstructions",
               c."id" AS "cId", c."userId" AS "cUserId", c."title" AS "cTitle",
               c."createdAt" AS "cCreatedAt", c."updatedAt" AS "cUpdatedAt", c."archivedAt" AS "cArchivedAt",
               c."currentLeafId" AS "cCurrentLeafId", c."systemPrompt" AS "cSystemPrompt", c."model" AS "cModel"
         FROM u LEFT JOIN c ON true LEFT JOIN m ON true)
        UNION ALL
        (SELECT 'history', h.*, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM h)
        ORDER BY "kind" DESC, "id"`;
  if (rows.length === 0) return { kind: 'stale' };
  const created = rows.filter((r) => r.kind === 'new');
  const [first, second] = created;
  const conversation = first ? conversationOf(first) : null;
  if (!first || !second || !conversation || first.id === null) return { kind: 'conversation-gone' };
  const userMessage = messageOf(first);
  const history = [...rows.filter((r) => r.kind === 'history').map(messageOf), userMessage];
  return {
    kind: 'stored',
    userMessage,
    assistantMessage: messageOf(second),
    conversation,
    funMode: first.funMode,
    customInstructions: first.customInstructions,
    history,
  };
}

function userOf(row: SnapshotRow): ChatUser {
  return {
    id: row.id,
    accessLevel: row.accessLevel,
    isBlocked: row.isBlocked,
    isBanned: row.isBanned,
    sessionsValidAfter: row.sessionsValidAfter,
    authUpdatedAt: row.authUpdatedAt,
    funMode: row.funMode,
    customInstructions: row.customInstructions,
    defaultModel: row.defaultModel,
    messageCount: row.messageCount,
    windowStartedAt: row.windowStartedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function conversationOf(
  row: Pick<
    SnapshotRow,
    | 'cId'
    | 'cUserId'
    | 'cTitle'
    | 'cCreatedAt'
    | 'cUpdatedAt'
    | 'cArchivedAt'
    | 'cCurrentLeafId'
    | 'cSystemPrompt'
    | 'cModel'
  >,
): Conversation | null {
  if (row.cId === null) return null;
  return {
    id: row.cId,
    userId: row.cUserId,
    title: row.cTitle,
    createdAt: row.cCreatedAt,
    updatedAt: row.cUpdatedAt,
    archivedAt: row.cArchivedAt,
    currentLeafId: row.cCurrentLeafId,
    systemPrompt: row.cSystemPrompt,
    model: row.cModel,
  };
}

function messageOf(row: Message): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    parentId: row.parentId,
    role: row.role,
    content: row.content,
    status: row.status,
    retryFree: row.retryFree,
    stopRequested: row.stopRequested,
    leaseEpoch: row.leaseEpoch,
    model: row.model,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    contextTrimmed: row.contextTrimmed,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
