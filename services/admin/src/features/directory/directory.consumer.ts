import {
  eventSubjects,
  parseEventEnvelope,
  type UserRegisteredData,
  type UserUpdatedData,
  type UserVerifiedData,
  type MessageSentData,
} from '@noek/contracts';
import { consumeOnce, type EventBus, type Subscription } from '@noek/service-kit';
import type { AdminDb } from '../../database';
import { createDirectoryRepository } from './directory.repository';

export const DIRECTORY_DURABLE = 'admin-directory';

/**
 * Feeds the read model from auth's user events and chat's message events (idempotent: consumeOnce).
 * chat publishes chat.message.sent.v1 for every counted message (never a free Retry), so usage needs no
 * call per user and equals chat's count.
 */
export function subscribeDirectory(
  bus: EventBus,
  db: AdminDb,
  durable = DIRECTORY_DURABLE,
): Promise<Subscription> {
  return bus.subscribe({
    durable,
    subjects: [
      eventSubjects.userRegistered,
      eventSubjects.userVerified,
      eventSubjects.userUpdated,
      eventSubjects.messageSent,
    ],
    handler: async (raw) => {
      const envelope = parseEventEnvelope(raw);
      await consumeOnce(db, durable, envelope, async (tx) => {
        const directory = createDirectoryRepository(tx);
        switch (envelope.type) {
          case eventSubjects.userRegistered:
            return directory.registered(envelope.data as UserRegisteredData);
          case eventSubjects.userVerified:
            return directory.verified((envelope.data as UserVerifiedData).userId);
          case eventSubjects.userUpdated:
            return directory.updated(envelope.data as UserUpdatedData);
          case eventSubjects.messageSent: {
            const m = envelope.data as MessageSentData;
            return directory.messageSent(m.userId, new Date(m.at));
          }
        }
      });
    },
  });
}
