// A migration-aware adapter factory for the wasm schema engine on real PostgreSQL.
// Mends adapter-pg 7.10 for migrations: OID 18 retyping, a search_path for the service's schema
// (the engine runs its DDL unqualified), the schema created when missing, and a shadow database
// built from discrete fields (adapter-pg's own connects to the main database) whose pool is closed
// before it is dropped (adapter-pg drops first: "is being accessed by other users", and it leaks).
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import type { PoolConfig } from 'pg';
import { quoteIdent, withSearchPath } from '../connection';
import { retypeCharColumns } from './char-retype';

export interface PgMigrationTarget {
  config: PoolConfig;
  schema: string;
  /** Use this database as the shadow instead of creating a temporary one (it is wiped first). */
  shadowConfig?: PoolConfig;
}

async function withClient<T>(config: PoolConfig, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Look first: PostgreSQL checks CREATE on the database before IF NOT EXISTS, so a least-privilege
// service role whose schema was made for it by an administrator would otherwise be refused.
export async function ensureSchema(config: PoolConfig, schema: string): Promise<void> {
  await withClient(config, async (c) => {
    const found = await c.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (found.rowCount === 0) await c.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
  });
}

async function connectPg(config: PoolConfig, schema: string): Promise<SqlDriverAdapter> {
  const adapter = await new PrismaPg(withSearchPath(config, schema), { schema }).connect();
  return retypeCharColumns(adapter);
}

/** Wrap `adapter` so that `after` runs once its own pool is closed. */
function onDispose(adapter: SqlDriverAdapter, after: () => Promise<void>): SqlDriverAdapter {
  const dispose = adapter.dispose.bind(adapter);
  adapter.dispose = async () => {
    try {
      await dispose();
    } finally {
      await after();
    }
  };
  return adapter;
}

export function createPgMigrationFactory(target: PgMigrationTarget): SqlMigrationAwareDriverAdapterFactory {
  const { config, schema } = target;
  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async connect() {
      await ensureSchema(config, schema);
      return connectPg(config, schema);
    },
    async connectToShadowDb() {
      if (target.shadowConfig) {
        const shadow = target.shadowConfig;
        await withClient(shadow, (c) =>
          c.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE; CREATE SCHEMA ${quoteIdent(schema)}`),
        );
        return connectPg(shadow, schema);
      }
      const database = `prisma_shadow_${randomUUID().replace(/-/g, '')}`;
      const admin = { ...config, options: undefined };
      await withClient(admin, (c) => c.query(`CREATE DATABASE ${quoteIdent(database)}`));
      const shadowConfig = { ...config, database };
      try {
        await ensureSchema(shadowConfig, schema);
        const adapter = await connectPg(shadowConfig, schema);
        return onDispose(adapter, () =>
          withClient(admin, (c) =>
            c.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`),
          ).then(() => undefined),
        );
      } catch (error) {
        await withClient(admin, (c) =>
          c.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`),
        );
        throw error;
      }
    },
  };
}
