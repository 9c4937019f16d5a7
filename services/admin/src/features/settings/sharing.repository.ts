import type { SharingSetting } from '@noek/contracts';
import type { AdminDbOrTx } from '../../database';

/** The one sharing row (id 1); never saved: enabled null (chat's SHARING_ENABLED decides). */
const ROW_ID = 1;

export type SettingAudit = {
  at: Date;
  actorId: string;
  actorEmail: string;
  setting: 'sharing';
  before: SharingSetting;
  after: SharingSetting;
  requestId: string | null;
};

/** Whether public share links work, as admins set it, and the audit of its changes. */
export function createSharingRepository(db: AdminDbOrTx) {
  return {
    async get(): Promise<SharingSetting> {
      const row = await db.sharingSetting.findUnique({ where: { id: ROW_ID } });
      return row
        ? { enabled: row.enabled, updatedAt: row.updatedAt.toISOString() }
        : { enabled: null, updatedAt: null };
    },
    async save(enabled: boolean, actorId: string, at: Date): Promise<SharingSetting> {
      const data = { enabled, updatedAt: at, updatedBy: actorId };
      const row = await db.sharingSetting.upsert({
        where: { id: ROW_ID },
        create: { id: ROW_ID, ...data },
        update: data,
      });
      return { enabled: row.enabled, updatedAt: row.updatedAt.toISOString() };
    },
    async audit(e: SettingAudit): Promise<void> {
      await db.settingAuditEntry.create({ data: e });
    },
  };
}
export type SharingRepository = ReturnType<typeof createSharingRepository>;
