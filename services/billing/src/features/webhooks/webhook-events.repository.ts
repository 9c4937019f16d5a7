import type { BillingTx } from '../../database';

export function createWebhookEventsRepository(db: BillingTx) {
  return {
    async seen(id: string): Promise<boolean> {
      return (await db.webhookEvent.findUnique({ where: { id }, select: { id: true } })) !== null;
    },
    /**
     * Records the event in the caller's transaction. A concurrent delivery of the same event waits on the
     * key and then fails with a unique violation: its transaction, and so its effect, is rolled back.
     */
    async record(id: string, type: string): Promise<void> {
      await db.webhookEvent.create({ data: { id, type } });
    },
  };
}
export type WebhookEventsRepository = ReturnType<typeof createWebhookEventsRepository>;
