import { z } from 'zod';
import { isoDateTimeSchema, userIdSchema } from '../common/ids.schema';
import { defineEvent } from '../events/envelope.schema';
import type { ApiRoute } from './routes';

/** The template service's routes (add `template: templateRoutes` to apiRoutes to route them through the gateway). */
export const templateRoutes = {
  listNotes: { method: 'GET', path: '/api/template/notes' },
  createNote: { method: 'POST', path: '/api/template/notes' },
} as const satisfies Record<string, ApiRoute>;

export const templateNoteSchema = z.object({
  id: z.number().int(),
  ownerId: userIdSchema,
  text: z.string(),
  createdAt: isoDateTimeSchema,
  /** When the note's event was consumed (null until then). */
  announcedAt: isoDateTimeSchema.nullable(),
});
export type TemplateNote = z.infer<typeof templateNoteSchema>;

export const createTemplateNoteRequestSchema = z.object({ text: z.string().trim().min(1).max(500) });
export type CreateTemplateNoteRequest = z.infer<typeof createTemplateNoteRequestSchema>;

/** A note was stored (published after commit through the outbox). */
export const templateNoteCreatedEvent = defineEvent(
  'template.note.created.v1',
  z.object({ noteId: z.number().int(), ownerId: userIdSchema, at: isoDateTimeSchema }),
);
