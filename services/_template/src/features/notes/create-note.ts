import { createEnvelope, templateNoteCreatedEvent, type TemplateNote } from '@noek/contracts';
import type { TemplateContext } from '../../context';

export interface CreateNoteInput {
  ownerId: string;
  text: string;
  /** The request id: the event's correlation id. */
  correlationId: string;
}

/** Stores the note and its event in one transaction (the relay publishes it after commit). */
export function createNote(ctx: TemplateContext, input: CreateNoteInput): Promise<TemplateNote> {
  return ctx.transaction(async ({ notes, publish }) => {
    const note = await notes.create(input.ownerId, input.text, ctx.now());
    await publish(
      createEnvelope(
        templateNoteCreatedEvent,
        { noteId: note.id, ownerId: note.ownerId, at: note.createdAt },
        input.correlationId,
      ),
    );
    return note;
  });
}
