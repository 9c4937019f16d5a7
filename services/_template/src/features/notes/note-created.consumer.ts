import { parseEventEnvelope, templateNoteCreatedEvent } from '@noek/contracts';
import { consumeOnce, type EventBus, type Subscription } from '@noek/service-kit';
import type { TemplateDb } from '../../database';
import { createNotesRepository } from './notes.repository';

export const NOTE_CREATED_DURABLE = 'template-note-created';

/**
 * Marks a note announced once its event came back from the bus (idempotent: consumeOnce). The example of
 * a consumer: a real one reacts to another service's events the same way.
 */
export function subscribeNoteCreated(
  bus: EventBus,
  db: TemplateDb,
  durable = NOTE_CREATED_DURABLE,
): Promise<Subscription> {
  return bus.subscribe({
    durable,
    subjects: [templateNoteCreatedEvent.subject],
    handler: async (raw) => {
      const envelope = parseEventEnvelope(raw, templateNoteCreatedEvent.subject);
      await consumeOnce(db, durable, envelope, (tx) =>
        createNotesRepository(tx).markAnnounced(envelope.data.noteId, new Date(envelope.time)),
      );
    },
  });
}
