// Applies a service's committed migrations at start, with the same wasm engine the CLI shim uses,
// so `_prisma_migrations` (in the service's schema) is exactly what `prisma migrate deploy` writes.
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import type { DatabaseTarget } from './driver-adapter';
import { assertSchemaName, parsePostgresUrl } from './connection';
import { createPgMigrationFactory, ensureSchema } from './engine/pg-migration-factory';
import {
  createSchemaEngine,
  discardEngineInstance,
  engineErrorMessage,
  isEnginePanic,
} from './engine/load-schema-engine';
import { ensurePgliteSchema, createPgliteMigrationFactory } from './pglite-adapter';
import { noFilters, readMigrationsList } from './migrations-list';
import { alreadyMigrated, type AppliedRow } from './applied-migrations';

export interface MigrationLogger {
  info(message: string): void;
}

export interface MigrateOptions {
  target: DatabaseTarget;
  /** Absolute path of the service's prisma/migrations folder. */
  migrationsDir: string;
  /** Defaults to target.schema; must match it when both are given. */
  schemaName?: string;
  logger?: MigrationLogger;
}

export interface MigrateResult {
  appliedMigrationNames: string[];
  durationMs: number;
}

/** Remembers every adapter the engine opens so they can be closed afterwards (pools, shadows). */
export function trackAdapters(factory: SqlMigrationAwareDriverAdapterFactory) {
  const opened: SqlDriverAdapter[] = [];
  const track = async (p: Promise<SqlDriverAdapter>) => {
    const adapter = await p;
    opened.push(adapter);
    return adapter;
  };
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => track(factory.connect()),
    connectToShadowDb: () => track(factory.connectToShadowDb()),
  };
  const closeAll = async () => {
    await Promise.allSettled(opened.splice(0).map((a) => a.dispose()));
  };
  return { factory: tracked, closeAll };
}

/*
 * Two replicas starting together must not both apply, and two services sharing a database must not
 * migrate at once either: Prisma's engine takes one advisory lock per database (72707369) and gives up
 * after 10 s, so a service waiting behind another's long migration failed to start. One session lock
 * per database, with no time limit, queues them here before the engine is asked.
 */
async function withMigrationLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client(parsePostgresUrl(url).config);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['noek:migrate']);
    return await fn();
  } finally {
    await client.end(); // ends the session, which releases the lock
  }
}

/** One read-only query on the target, for the up-to-date check (no engine, no lock). */
function queryTarget(target: DatabaseTarget) {
  return async (sql: string): Promise<AppliedRow[]> => {
    if (target.kind === 'pglite') return (await target.pglite.query<AppliedRow>(sql)).rows;
    const client = new pg.Client(parsePostgresUrl(target.url).config);
    await client.connect();
    try {
      return (await client.query<AppliedRow>(sql)).rows;
    } finally {
      await client.end();
    }
  };
}

export async function migrateDatabase(options: MigrateOptions): Promise<MigrateResult> {
  const started = performance.now();
  const { target } = options;
  const schema = assertSchemaName(options.schemaName ?? target.schema);
  if (schema !== target.schema)
    throw new Error(`schemaName "${schema}" differs from target.schema "${target.schema}"`);
  const migrationsList = await readMigrationsList(options.migrationsDir);
  if (migrationsList.migrationDirectories.length === 0)
    throw new Error(`No migrations found in ${options.migrationsDir}`);

  if (await alreadyMigrated(queryTarget(target), schema, migrationsList)) {
    const durationMs = Math.round(performance.now() - started);
    options.logger?.info(
      `schema "${schema}": up to date (${migrationsList.migrationDirectories.length} migrations, ${durationMs} ms)`,
    );
    return { appliedMigrationNames: [], durationMs };
  }

  const run = async () => {
    let base: SqlMigrationAwareDriverAdapterFactory;
    if (target.kind === 'postgres') {
      const { config } = parsePostgresUrl(target.url);
      await ensureSchema(config, schema);
      base = createPgMigrationFactory({ config, schema });
    } else {
      await ensurePgliteSchema(target.pglite, schema);
      base = createPgliteMigrationFactory(target.pglite, schema);
    }
    const { factory, closeAll } = trackAdapters(base);
    try {
      const engine = await createSchemaEngine({ datamodels: [], adapterFactory: factory });
      try {
        return await engine.applyMigrations({ migrationsList, filters: noFilters });
      } finally {
        engine.free();
      }
    } catch (error) {
      if (isEnginePanic(error)) discardEngineInstance();
      throw new Error(`Migrating schema "${schema}" failed: ${engineErrorMessage(error)}`, { cause: error });
    } finally {
      await closeAll();
    }
  };
  const output = target.kind === 'postgres' ? await withMigrationLock(target.url, run) : await run();
  const durationMs = Math.round(performance.now() - started);
  const names = output.appliedMigrationNames;
  options.logger?.info(
    names.length > 0
      ? `schema "${schema}": applied ${names.length} migration(s) (${names.join(', ')}) in ${durationMs} ms`
      : `schema "${schema}": up to date (${migrationsList.migrationDirectories.length} migrations, ${durationMs} ms)`,
  );
  return { appliedMigrationNames: names, durationMs };
}
