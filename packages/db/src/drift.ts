// The drift check: replay a service's committed migrations on an in-memory PGlite (no server) and
// diff the result against its schema.prisma. Any difference means someone edited the schema without
// `prisma migrate dev`, or edited a committed migration.
import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import {
  createSchemaEngine,
  discardEngineInstance,
  engineErrorMessage,
  isEnginePanic,
  preloadSchemaEngine,
} from './engine/load-schema-engine';
import { createMemoryPglite } from './memory-pglite';
import { createPgliteMigrationFactory } from './pglite-adapter';
import { noFilters, readMigrationsList } from './migrations-list';
import { trackAdapters } from './migrate';

export interface ServiceDatabase {
  /** Service name; also its PostgreSQL schema. */
  name: string;
  schemaPath: string;
  migrationsDir: string;
}

export type DriftResult =
  | { service: string; ok: true }
  | {
      service: string;
      ok: false;
      /** SQL that would bring the migrations to schema.prisma, or the error. */ detail: string;
    };

export async function checkServiceDrift(pglite: PGlite, service: ServiceDatabase): Promise<DriftResult> {
  const content = await readFile(service.schemaPath, 'utf-8');
  const migrationsList = await readMigrationsList(service.migrationsDir);
  const { factory, closeAll } = trackAdapters(
    createPgliteMigrationFactory(pglite, service.name, { shadowInSameSchema: true }),
  );
  try {
    const engine = await createSchemaEngine({
      datamodels: [[service.schemaPath, content]],
      adapterFactory: factory,
    });
    try {
      const result = await engine.diff({
        from: { tag: 'migrations', ...migrationsList },
        to: { tag: 'schemaDatamodel', files: [{ path: service.schemaPath, content }] },
        script: true,
        exitCode: true,
        filters: noFilters,
      });
      if (result.exitCode === 0) return { service: service.name, ok: true };
      return { service: service.name, ok: false, detail: result.stdout ?? 'schema differs' };
    } finally {
      engine.free();
    }
  } catch (error) {
    if (isEnginePanic(error)) discardEngineInstance();
    return { service: service.name, ok: false, detail: engineErrorMessage(error) };
  } finally {
    await closeAll();
  }
}

/** Checks every service on one in-memory PGlite (opening one costs seconds; schemas keep them apart). */
export async function checkDrift(services: ServiceDatabase[]): Promise<DriftResult[]> {
  const [pglite] = await Promise.all([createMemoryPglite(), preloadSchemaEngine()]);
  try {
    const results: DriftResult[] = [];
    for (const service of services) results.push(await checkServiceDrift(pglite, service));
    return results;
  } finally {
    await pglite.close();
  }
}
