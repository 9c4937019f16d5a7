import type { ChatTx } from '../../database';

export interface Page {
  limit: number;
  offset: number;
}

/**
 * Every query names the owner: a conversation of another user is never read or changed, and reads as
 * "not found" (security-and-reliability.md).
 */
export function createConversationsRepository(db: ChatTx) {
  const order = [{ updatedAt: 'desc' as const }, { id: 'desc' as const }];
  return {
    list(userId: string, archived: boolean, page: Page) {
      return db.conversation.findMany({
        where: { userId, archivedAt: archived ? { not: null } : null },
        orderBy: archived ? [{ archivedAt: 'desc' as const }, { id: 'desc' as const }] : order,
        take: page.limit,
        skip: page.offset,
      });
    },
    create(userId: string, title: string) {
      return db.conversation.create({ data: { userId, title } });
    },
    findOwned(userId: string, id: number) {
      return db.conversation.findFirst({ where: { id, userId } });
    },
    async update(
      userId: string,
      id: number,
      data: { title?: string; archivedAt?: Date | null; systemPrompt?: string | null; model?: string | null },
    ) {
      const { count } = await db.conversation.updateMany({ where: { id, userId }, data });
      return count === 0 ? null : db.conversation.findFirst({ where: { id, userId } });
    },
    /** The model's title, only while the conversation still has the title it was written for. */
    async renameIfTitled(id: number, current: string, title: string): Promise<boolean> {
      const { count } = await db.conversation.updateMany({ where: { id, title: current }, data: { title } });
      return count > 0;
    },
    /** Moves the conversation to the top of the list (a message was added); the caller checked the owner. */
    touch(id: number, at: Date) {
      return db.conversation.update({ where: { id }, data: { updatedAt: at } });
    },
    async remove(userId: string, id: number): Promise<boolean> {
      const { count } = await db.conversation.deleteMany({ where: { id, userId } });
      return count > 0;
    },
    async archiveAll(userId: string): Promise<number> {
      const { count } = await db.conversation.updateMany({
        where: { userId, archivedAt: null },
        data: { archivedAt: new Date() },
      });
      return count;
    },
  };
}
export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
