import type { SharedConversation } from '@noek/contracts';
import type { ChatTx } from '../../database';

export type SnapshotMessage = SharedConversation['messages'][number];

/** Shared links; the owner's queries name the owner, the public read names only the unguessable id. */
export function createShareRepository(db: ChatTx) {
  return {
    create(data: {
      id: string;
      conversationId: number;
      userId: string;
      title: string;
      messages: SnapshotMessage[];
      expiresAt: Date | null;
    }) {
      return db.sharedLink.create({ data });
    },
    listByUser(userId: string) {
      return db.sharedLink.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
    },
    /** Revokes one of the owner's links (again: unchanged); null when it is not theirs or does not exist. */
    async revoke(userId: string, id: string, at: Date) {
      await db.sharedLink.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: at } });
      return db.sharedLink.findFirst({ where: { id, userId } });
    },
    find(id: string) {
      return db.sharedLink.findUnique({ where: { id } });
    },
  };
}
export type ShareRepository = ReturnType<typeof createShareRepository>;
