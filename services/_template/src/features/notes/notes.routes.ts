import type { Express } from 'express';
import { createTemplateNoteRequestSchema, templateRoutes } from '@noek/contracts';
import { route, signedInUser } from '@noek/service-kit';
import type { TemplateContext } from '../../context';
import { createNote } from './create-note';
import { listNotes } from './list-notes';

/** Notes (contracts templateRoutes): parse, call the use case, answer. The only file here that sees Express. */
export function registerNotesRoutes(app: Express, ctx: TemplateContext): void {
  app.get(
    templateRoutes.listNotes.path,
    route({}, (_input, req) => listNotes(ctx, signedInUser(req).id)),
  );
  app.post(
    templateRoutes.createNote.path,
    route({ body: createTemplateNoteRequestSchema }, async ({ body }, req, res) => {
      const note = await createNote(ctx, {
        ownerId: signedInUser(req).id,
        text: body.text,
        correlationId: req.id,
      });
      res.status(201).json(note);
    }),
  );
}
