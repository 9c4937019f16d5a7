import type { ChatTx } from '../../database';
import type { FeedbackRating, Message } from '../../generated/prisma/client';

/*
 * Messages form a tree: each one follows its parent (null for a conversation's first messages); an edit
 * adds a sibling user message, a regenerate a sibling reply. A conversation shows one path, from a root
 * down to its current leaf (`conversations.currentLeafId`, or the newest message when unset or stale).
 * A parent is always older than its children, so along a path ids grow: ordering by id is ordering by
 * depth. Raw SQL: the walks are recursive (one round trip for a path of any length).
 */

/** A message of the path with its place among its siblings (oldest first, 0-based) and its feedback. */
export type PathRow = Message & {
  branchIndex: number;
  branchCount: number;
  feedbackRating: FeedbackRating | null;
  feedbackComment: string | null;
};

/** The leaf a conversation shows: its remembered leaf if it is still one of its messages, else the newest. */
async function readLeaf(db: ChatTx, conversationId: number): Promise<number | null> {
  const rows = await db.$queryRaw<{ id: number | null }[]>`
    SELECT COALESCE(
      (SELECT m."id" FROM "messages" m JOIN "conversations" c ON c."currentLeafId" = m."id"
        WHERE c."id" = ${conversationId}::int AND m."conversationId" = ${conversationId}::int),
      (SELECT max("id") FROM "messages" WHERE "conversationId" = ${conversationId}::int)) AS "id"`;
  return rows[0]?.id ?? null;
}

export function createMessageTreeRepository(db: ChatTx) {
  return {
    /** The id of the message the conversation's path ends at; null for an empty conversation. */
    leaf: (conversationId: number) => readLeaf(db, conversationId),

    /**
     * The conversation's current path, oldest first, at most `limit` messages ending at the leaf, or
     * (paging up) ending at the parent of `before`. The caller has checked the owner.
     */
    async path(conversationId: number, page: { before?: number; limit?: number }): Promise<PathRow[]> {
      const limit = page.limit ?? 2_147_483_647;
      const startId =
        page.before === undefined
          ? await readLeaf(db, conversationId)
          : ((
              await db.message.findFirst({
                where: { id: page.before, conversationId },
                select: { parentId: true },
              })
            )?.parentId ?? null);
      if (startId === null) return [];
      return db.$queryRaw<PathRow[]>`
        WITH RECURSIVE up AS (
          SELECT m."id", m."parentId", 1 AS "depth" FROM "messages" m
          WHERE m."id" = ${startId}::int AND m."conversationId" = ${conversationId}::int
          UNION ALL
          SELECT m."id", m."parentId", up."depth" + 1 FROM up JOIN "messages" m ON m."id" = up."parentId"
          WHERE up."depth" < ${limit}::int
        )
        -- Each message's siblings by index (conversationId, parentId, id): a page costs its own rows only.
        SELECT m.*, s."branchIndex", s."branchCount",
          f."rating" AS "feedbackRating", f."comment" AS "feedbackComment"
        FROM up JOIN "messages" m ON m."id" = up."id"
        CROSS JOIN LATERAL (
          SELECT (count(*) FILTER (WHERE x."id" < m."id"))::int AS "branchIndex", count(*)::int AS "branchCount"
          FROM (
            SELECT x."id" FROM "messages" x
            WHERE x."conversationId" = m."conversationId" AND x."parentId" = m."parentId"
            UNION ALL
            SELECT x."id" FROM "messages" x
            WHERE m."parentId" IS NULL AND x."conversationId" = m."conversationId" AND x."parentId" IS NULL
          ) x
        ) s
        LEFT JOIN "message_feedback" f ON f."messageId" = up."id"
        ORDER BY m."id"`;
    },

    /** The message's siblings (itself included), oldest first; the caller has checked the owner. */
    async siblingIds(message: Pick<Message, 'conversationId' | 'parentId'>): Promise<number[]> {
      const rows = await db.message.findMany({
        where: { conversationId: message.conversationId, parentId: message.parentId },
        orderBy: { id: 'asc' },
        select: { id: true },
      });
      return rows.map((r) => r.id);
    },

    /** The end of the branch under `messageId`: down its newest child at every step. */
    async newestLeafUnder(conversationId: number, messageId: number): Promise<number> {
      const rows = await db.$queryRaw<{ id: number }[]>`
        WITH RECURSIVE down AS (
          SELECT ${messageId}::int AS "id", 0 AS "depth"
          UNION ALL
          SELECT (SELECT c."id" FROM "messages" c
                  WHERE c."conversationId" = ${conversationId}::int AND c."parentId" = down."id"
                  ORDER BY c."id" DESC LIMIT 1), down."depth" + 1
          FROM down WHERE down."id" IS NOT NULL
        )
        SELECT "id" FROM down WHERE "id" IS NOT NULL ORDER BY "depth" DESC LIMIT 1`;
      return rows[0]?.id ?? messageId;
    },

    /** Remembers the path shown (the owner was checked); false when the conversation is not theirs. */
    async setLeaf(userId: string, conversationId: number, leafId: number): Promise<boolean> {
      const { count } = await db.conversation.updateMany({
        where: { id: conversationId, userId },
        data: { currentLeafId: leafId },
      });
      return count > 0;
    },

    /** True when a message follows this one (it is not the end of a branch). */
    async hasChildren(conversationId: number, messageId: number): Promise<boolean> {
      const child = await db.message.findFirst({
        where: { conversationId, parentId: messageId },
        select: { id: true },
      });
      return child !== null;
    },

    /**
     * Copies a path (oldest first) into another conversation as a single path, its leaf remembered.
     * Ids are drawn first, in order, so each copy follows its parent's copy and ids still grow along it.
     */
    async copyPath(conversationId: number, path: Message[]): Promise<void> {
      if (path.length === 0) return;
      const drawn = await db.$queryRaw<{ id: number }[]>`
        SELECT nextval(pg_get_serial_sequence('messages', 'id'))::int AS "id"
        FROM generate_series(1, ${path.length}::int)`;
      const ids = drawn.map((r) => r.id).sort((a, b) => a - b);
      await db.message.createMany({
        data: path.map((m, i) => ({
          id: ids[i],
          conversationId,
          parentId: i === 0 ? null : ids[i - 1],
          role: m.role,
          content: m.content,
          status: m.status === 'streaming' ? ('interrupted' as const) : m.status,
          createdAt: m.createdAt,
        })),
      });
      await db.conversation.update({ where: { id: conversationId }, data: { currentLeafId: ids.at(-1) } });
    },

    /** The `limit` messages of the path ending at `lastId` (included), oldest first: a prompt's history. */
    async ancestors(lastId: number | null, limit: number): Promise<Message[]> {
      if (lastId === null || limit <= 0) return [];
      return db.$queryRaw<Message[]>`
        WITH RECURSIVE up AS (
          SELECT m."id", m."parentId", 1 AS "depth" FROM "messages" m WHERE m."id" = ${lastId}::int
          UNION ALL
          SELECT m."id", m."parentId", up."depth" + 1 FROM up JOIN "messages" m ON m."id" = up."parentId"
          WHERE up."depth" < ${limit}::int
        )
        SELECT m.* FROM up JOIN "messages" m ON m."id" = up."id" ORDER BY m."id"`;
    },
  };
}
export type MessageTreeRepository = ReturnType<typeof createMessageTreeRepository>;
