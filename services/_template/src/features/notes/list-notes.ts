import type { TemplateNote } from '@noek/contracts';
import type { TemplateContext } from '../../context';

/** The user's notes, newest first. */
export function listNotes(ctx: TemplateContext, ownerId: string): Promise<TemplateNote[]> {
  return ctx.notes.listOwned(ownerId);
}
