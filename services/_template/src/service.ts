import type { RequestHandler } from 'express';
import {
  assembleService,
  createServiceApp,
  createUnitOfWork,
  standardReadiness,
  type ServiceWiring,
} from '@noek/service-kit';
import type { TemplateContext, TemplateRepositories } from './context';
import type { TemplateDb, TemplateTx } from './database';
import { subscribeNoteCreated } from './features/notes/note-created.consumer';
import { createNotesRepository } from './features/notes/notes.repository';
import { registerNotesRoutes } from './features/notes/notes.routes';

export interface TemplateServiceDeps extends ServiceWiring {
  db: TemplateDb;
  /** Sets req.user from the access token or answers 401 (the session guard's authenticate). */
  authenticate: RequestHandler;
  /** Durable consumer name (unique per test run). */
  durable?: string;
  now?: () => Date;
}

function repositoriesOn(db: TemplateTx): TemplateRepositories {
  return { notes: createNotesRepository(db) };
}

/** THE one place template's dependencies are wired: repositories, context, routes, consumer. */
export function createTemplateService(deps: TemplateServiceDeps) {
  return assembleService('template', deps, ({ afterPublish }) => {
    const { db, bus, logger } = deps;
    const ctx: TemplateContext = {
      ...repositoriesOn(db),
      transaction: createUnitOfWork(db, repositoriesOn, { afterPublish }),
      now: deps.now ?? (() => new Date()),
      logger,
    };
    const app = createServiceApp({
      name: 'template',
      logger,
      readiness: standardReadiness(db, bus),
      routes: (a) => {
        a.use('/api/template', deps.authenticate);
        registerNotesRoutes(a, ctx);
      },
    });
    return {
      app,
      ctx,
      consumers: [{ name: 'note created', subscribe: () => subscribeNoteCreated(bus, db, deps.durable) }],
    };
  });
}
export type TemplateService = ReturnType<typeof createTemplateService>;
