import type { ImportedConversation } from '@noek/contracts';
import type { ChatTx } from '../../database';

/** `n` fresh ids of a table's sequence, in one round trip. */
async function reserveIds(db: ChatTx, table: 'conversations' | 'messages', n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS "id" FROM generate_series(1, ${n}::int)`;
  return rows.map((r) => r.id);
}

/** Imported conversations and where they came from; every query names the owner. */
export function createImportsRepository(db: ChatTx) {
  return {
    async existingKeys(userId: string, keys: string[]): Promise<Set<string>> {
      const rows = await db.conversationImport.findMany({
        where: { userId, sourceKey: { in: keys } },
        select: { sourceKey: true },
      });
      return new Set(rows.map((r) => r.sourceKey));
    },
    /**
     * Conversations with their whole trees, their current leaves and their sources, with the times the
     * file gave, in a few statements whatever their number: conversations, messages, then the links
     * between them (parents, current leaves) set from the ids the inserts returned.
     */
    async storeBatch(userId: string, batch: ImportedConversation[]): Promise<void> {
      // Ids are taken first, so each statement writes rows whole (parents, current leaves) and every
      // statement has one shape whatever the batch's size (arrays as parameters).
      const conversationIds = await reserveIds(db, 'conversations', batch.length);
      const messageIds = await reserveIds(
        db,
        'messages',
        batch.reduce((n, c) => n + c.messages.length, 0),
      );
      const m = { id: [] as number[], conversation: [] as number[], parent: [] as (number | null)[] };
      const role: string[] = [];
      const content: string[] = [];
      const at: string[] = [];
      const leaves: (number | null)[] = [];
      let offset = 0;
      batch.forEach((c, i) => {
        c.messages.forEach((message, j) => {
          m.id.push(messageIds[offset + j]!);
          m.conversation.push(conversationIds[i]!);
          m.parent.push(message.parent === null ? null : messageIds[offset + message.parent]!);
          role.push(message.role);
          content.push(message.content);
          at.push(message.createdAt.toISOString());
        });
        leaves.push(c.currentLeaf === null ? null : messageIds[offset + c.currentLeaf]!);
        offset += c.messages.length;
      });
      await db.$executeRaw`
        INSERT INTO "conversations" ("id", "userId", "title", "createdAt", "updatedAt", "currentLeafId")
        SELECT c."id", ${userId}::uuid, c."title", c."createdAt"::timestamptz AT TIME ZONE 'UTC',
          c."updatedAt"::timestamptz AT TIME ZONE 'UTC', c."leaf"
        FROM unnest(${conversationIds}::int[], ${batch.map((c) => c.title)}::text[],
          ${batch.map((c) => c.createdAt.toISOString())}::text[],
          ${batch.map((c) => c.updatedAt.toISOString())}::text[], ${leaves}::int[])
          AS c("id", "title", "createdAt", "updatedAt", "leaf")`;
      if (m.id.length > 0)
        await db.$executeRaw`
          INSERT INTO "messages" ("id", "conversationId", "parentId", "role", "content", "createdAt", "updatedAt")
          SELECT m."id", m."conversationId", m."parentId", m."role"::"MessageRole", m."content",
            m."at"::timestamptz AT TIME ZONE 'UTC', m."at"::timestamptz AT TIME ZONE 'UTC'
          FROM unnest(${m.id}::int[], ${m.conversation}::int[], ${m.parent}::int[], ${role}::text[],
            ${content}::text[], ${at}::text[])
            AS m("id", "conversationId", "parentId", "role", "content", "at")`;
      await db.$executeRaw`
        INSERT INTO "conversation_imports" ("conversationId", "userId", "sourceKey")
        SELECT i."id", ${userId}::uuid, i."key"
        FROM unnest(${conversationIds}::int[], ${batch.map((c) => c.sourceKey)}::text[]) AS i("id", "key")`;
    },
  };
}
export type ImportsRepository = ReturnType<typeof createImportsRepository>;
