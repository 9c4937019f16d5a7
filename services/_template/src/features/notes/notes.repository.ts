import type { TemplateNote } from '@noek/contracts';
import type { TemplateTx } from '../../database';
import type { Note } from '../../generated/prisma/client';

const toNote = (row: Note): TemplateNote => ({
  id: row.id,
  ownerId: row.ownerId,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  announcedAt: row.announcedAt?.toISOString() ?? null,
});

/** Every query names the owner: another user's note is never read. Plain objects out. */
export function createNotesRepository(db: TemplateTx) {
  return {
    async listOwned(ownerId: string): Promise<TemplateNote[]> {
      const rows = await db.note.findMany({ where: { ownerId }, orderBy: { id: 'desc' }, take: 100 });
      return rows.map(toNote);
    },
    async create(ownerId: string, text: string, at: Date): Promise<TemplateNote> {
      return toNote(await db.note.create({ data: { ownerId, text, createdAt: at } }));
    },
    /** The note's event was consumed (its first delivery's time is kept). */
    async markAnnounced(id: number, at: Date): Promise<void> {
      await db.note.updateMany({ where: { id, announcedAt: null }, data: { announcedAt: at } });
    },
  };
}
export type NotesRepository = ReturnType<typeof createNotesRepository>;
