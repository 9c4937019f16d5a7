// Turns a PostgreSQL URL into discrete pg connection fields. pg lets a `connectionString` override
// `database` and `options`, which is how adapter-pg's own shadow database ends up on the main
// database; building from fields avoids that. `?schema=` (Prisma's convention, ignored by
// adapter-pg) is read here and becomes the connection's search_path.
import type { PoolConfig } from 'pg';

export interface PgConnection {
  config: PoolConfig;
  /** PostgreSQL schema from `?schema=`, if any. */
  schema?: string;
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Schema names end up in SQL identifiers and options strings: keep them to plain identifiers. */
export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${JSON.stringify(schema)}`);
  return schema;
}

/** The libpq `options` value that makes unqualified SQL resolve in `schema`. */
export function searchPathOption(schema: string): string {
  return `-c search_path="${assertSchemaName(schema)}"`;
}

export function parsePostgresUrl(url: string): PgConnection {
  const u = new URL(url);
  if (u.protocol !== 'postgresql:' && u.protocol !== 'postgres:') {
    throw new Error(`Not a PostgreSQL URL (protocol ${u.protocol})`);
  }
  const p = u.searchParams;
  const config: PoolConfig = {
    host: decodeURIComponent(u.hostname) || p.get('host') || '127.0.0.1',
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username) || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
  };
  const sslmode = p.get('sslmode');
  if (sslmode && sslmode !== 'disable')
    config.ssl = sslmode === 'no-verify' ? { rejectUnauthorized: false } : true;
  const options = p.get('options');
  if (options) config.options = options;
  const schema = p.get('schema') ?? undefined;
  return { config, schema: schema === undefined ? undefined : assertSchemaName(schema) };
}

/** Pool config for `schema`: unqualified SQL (raw queries, migration DDL) lands in that schema. */
export function withSearchPath(config: PoolConfig, schema: string): PoolConfig {
  const extra = searchPathOption(schema);
  return { ...config, options: config.options ? `${config.options} ${extra}` : extra };
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Creates the database named in `url` when it does not exist yet (as `prisma migrate dev` does). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const { config } = parsePostgresUrl(url);
  const probe = new pg.Client(config);
  try {
    await probe.connect();
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
  } finally {
    await probe.end().catch(() => {});
  }
  const admin = new pg.Client({ ...config, database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdent(String(config.database))}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // created concurrently
  } finally {
    await admin.end();
  }
  return true;
}
