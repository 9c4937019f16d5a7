import type { Logger, UnitOfWork } from '@noek/service-kit';
import type { NotesRepository } from './features/notes/notes.repository';

/** The repositories a unit of work binds to one transaction. */
export interface TemplateRepositories {
  notes: NotesRepository;
}

/** What template's use cases receive; built once by createTemplateService (service.ts). Types only. */
export interface TemplateContext extends TemplateRepositories {
  /** Writes: `ctx.transaction(async ({ notes, publish }) => ...)` (outbox in the same transaction). */
  transaction: UnitOfWork<TemplateRepositories>;
  now: () => Date;
  logger: Logger;
}
