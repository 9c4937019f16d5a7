import { eventSubjects, parseEventEnvelope } from '@noek/contracts';
import { consumeOnce, type EventBus, type Subscription } from '@noek/service-kit';
import type { ChatDb } from '../../database';
import { createSharingSettingsRepository, type StoredSharing } from './sharing-settings.repository';

export const SHARING_SETTINGS_DURABLE = 'chat-sharing-settings';

/**
 * admin.sharing.updated.v1 → chat's table (idempotent), then `onSharing` so this replica applies it at
 * once; the other replicas read the table on their next sync.
 */
export function subscribeSharingSettings(
  bus: EventBus,
  db: ChatDb,
  durable = SHARING_SETTINGS_DURABLE,
  onSharing: (s: StoredSharing) => void = () => undefined,
): Promise<Subscription> {
  return bus.subscribe({
    durable,
    subjects: [eventSubjects.sharingUpdated],
    handler: async (raw) => {
      const envelope = parseEventEnvelope(raw, eventSubjects.sharingUpdated);
      const setting = { enabled: envelope.data.enabled, updatedAt: new Date(envelope.data.updatedAt) };
      await consumeOnce(db, durable, envelope, (tx) => createSharingSettingsRepository(tx).save(setting));
      onSharing(setting);
    },
  });
}
