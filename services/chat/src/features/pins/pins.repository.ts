import type { ChatTx } from '../../database';

/** A user's pins; every query names the owner. */
export function createPinsRepository(db: ChatTx) {
  return {
    /** The pinned conversations that are not archived, top first. */
    async listConversations(userId: string) {
      const pins = await db.conversationPin.findMany({
        where: { userId, conversation: { archivedAt: null } },
        orderBy: [{ position: 'asc' }, { conversationId: 'desc' }],
        include: { conversation: true },
      });
      return pins.map((p) => p.conversation);
    },
    /** Every pin of the user (archived conversations included), top first. */
    listIds(userId: string) {
      return db.conversationPin
        .findMany({ where: { userId }, orderBy: [{ position: 'asc' }, { conversationId: 'desc' }] })
        .then((rows) => rows.map((r) => r.conversationId));
    },
    /** Pins at the top; pinning a pinned conversation changes nothing. The caller checked the owner. */
    async pinFirst(userId: string, conversationId: number) {
      const top = await db.conversationPin.aggregate({ where: { userId }, _min: { position: true } });
      await db.conversationPin.createMany({
        data: [{ userId, conversationId, position: (top._min.position ?? 1) - 1 }],
        skipDuplicates: true,
      });
    },
    async unpin(userId: string, conversationId: number) {
      await db.conversationPin.deleteMany({ where: { userId, conversationId } });
    },
    async setOrder(userId: string, conversationIds: number[]) {
      for (const [position, conversationId] of conversationIds.entries())
        await db.conversationPin.updateMany({ where: { userId, conversationId }, data: { position } });
    },
  };
}
export type PinsRepository = ReturnType<typeof createPinsRepository>;
