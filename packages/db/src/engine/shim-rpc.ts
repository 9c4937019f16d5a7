// Answers the native engine's JSON-RPC methods by forwarding to the wasm engine, with the mends
// this Prisma version needs (see packages/db/README.md).
import pg from 'pg';
import type { SchemaEngine, SchemasContainer } from '@prisma/schema-engine-wasm';
import { parsePostgresUrl, withSearchPath } from '../connection';
import { MINIMAL_SCHEMA } from './load-schema-engine';

interface Context {
  engine: SchemaEngine;
  files: SchemasContainer['files'];
  configDir: string;
  url: string;
  schema: string;
}

export class RpcError extends Error {
  constructor(
    message: string,
    readonly errorCode?: string,
  ) {
    super(message);
  }
}

/** `{tag:'url'}` targets are refused by the wasm engine; the datasource's own URL means the live db. */
function mapTarget(target: { tag: string; url?: string }, ctx: Context): unknown {
  if (target.tag !== 'url') return target;
  if (target.url !== ctx.url)
    throw new RpcError('This offline schema engine can only diff against the configured datasource url.');
  const files = ctx.files.length > 0 ? ctx.files : [{ path: 'schema.prisma', content: MINIMAL_SCHEMA }];
  return { tag: 'schemaDatasource', files, configDir: ctx.configDir };
}

async function dbExecuteUrl(url: string, script: string): Promise<void> {
  const { config, schema } = parsePostgresUrl(url);
  const client = new pg.Client(schema ? withSearchPath(config, schema) : config);
  await client.connect();
  try {
    await client.query(script);
  } finally {
    await client.end();
  }
}

// The wasm engine only has its shadow-database factory wired after `devDiagnostic`, and loses it
// again after a call that changes the database (seen: applyMigrations). Before a call that needs a
// shadow database, re-run devDiagnostic when needed, with the same migrations and filters.
const NEEDS_SHADOW = new Set(['createMigration', 'evaluateDataLoss']);
const KEEPS_SHADOW = new Set([
  'devDiagnostic',
  'createMigration',
  'evaluateDataLoss',
  'diagnoseMigrationHistory',
  'diff',
  'version',
  'getDatabaseVersion',
  'ensureConnectionValidity',
]);

export function createRpcHandler(ctx: Context) {
  let shadowReady = false;
  const e = ctx.engine;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Any = any;
  const methods: Record<string, (p: Any) => Promise<unknown>> = {
    applyMigrations: (p) => e.applyMigrations(p),
    createMigration: (p) => e.createMigration(p),
    devDiagnostic: (p) => e.devDiagnostic(p),
    dbExecute: async (p) => {
      if (p.datasourceType?.tag === 'url') await dbExecuteUrl(p.datasourceType.url, p.script);
      else await e.dbExecute(p);
      return {};
    },
    diagnoseMigrationHistory: (p) => e.diagnoseMigrationHistory(p),
    diff: (p) => e.diff({ ...p, from: mapTarget(p.from, ctx), to: mapTarget(p.to, ctx) }),
    ensureConnectionValidity: (p) => e.ensureConnectionValidity(p),
    evaluateDataLoss: (p) => e.evaluateDataLoss(p),
    introspect: (p) => e.introspect(p),
    introspectSql: (p) => e.introspectSql(p),
    markMigrationApplied: (p) => e.markMigrationApplied(p),
    markMigrationRolledBack: (p) => e.markMigrationRolledBack(p),
    reset: async (p) => {
      await e.reset(p ?? { filter: { externalTables: [], externalEnums: [] } });
      return {};
    },
    schemaPush: (p) => e.schemaPush(p),
    version: () => e.version(),
    getDatabaseVersion: () => e.version(),
    debugPanic: async () => {
      e.debugPanic();
      return {};
    },
  };
  return async (method: string, params: Any): Promise<unknown> => {
    const fn = methods[method];
    if (!fn) throw new RpcError(`Method ${method} is not supported by the offline schema engine shim.`);
    if (NEEDS_SHADOW.has(method) && !shadowReady) {
      await e.devDiagnostic({ migrationsList: params.migrationsList, filters: params.filters });
    }
    const result = await fn(params ?? {});
    shadowReady = method === 'devDiagnostic' || (shadowReady && KEEPS_SHADOW.has(method));
    return result ?? {};
  };
}
