import type { ChatTx } from '../../database';

export type StoredSharing = { enabled: boolean; updatedAt: Date };

/** The one row of chat's copy of admin's sharing setting (id 1): newest wins. */
const ROW_ID = 1;

export function createSharingSettingsRepository(db: ChatTx) {
  return {
    async get(): Promise<StoredSharing | null> {
      const row = await db.sharingSetting.findUnique({ where: { id: ROW_ID } });
      return row && { enabled: row.enabled, updatedAt: row.updatedAt };
    },
    /** Stores the setting unless a newer one is stored (an older event delivered late changes nothing). */
    async save(s: StoredSharing): Promise<void> {
      await db.sharingSetting.upsert({ where: { id: ROW_ID }, create: { id: ROW_ID, ...s }, update: {} });
      await db.sharingSetting.updateMany({ where: { id: ROW_ID, updatedAt: { lt: s.updatedAt } }, data: s });
    },
  };
}
