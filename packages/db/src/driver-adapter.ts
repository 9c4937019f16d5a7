// Where a service's data lives, and the driver adapter its generated PrismaClient uses.
import type { PGliteInterface } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { assertSchemaName, parsePostgresUrl, withSearchPath } from './connection';
import { createPgliteAdapterFactory } from './pglite-adapter';

/**
 * What the services use of a PGlite: a PGlite itself, or npm start's handle on the one running in its own
 * worker thread (embedded-worker-client.ts).
 */
export type EmbeddedPglite = Pick<
  PGliteInterface,
  'query' | 'exec' | 'transaction' | 'listen' | 'close' | 'closed'
>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; schema: string }
  | { kind: 'pglite'; pglite: EmbeddedPglite; schema: string };

export interface DriverAdapterOptions {
  /** Maximum pool size on PostgreSQL (pg's default is 10). */
  poolMax?: number;
  /** Called on errors of idle pooled connections (the pool replaces them). */
  onPoolError?: (error: Error) => void;
}

/**
 * `new PrismaClient({ adapter: createDriverAdapter(target) })`.
 * PostgreSQL: adapter-pg ignores `?schema=`, so the schema is given twice: as the adapter's `schema`
 * option (qualifies generated queries) and as the connection's search_path (covers raw SQL).
 */
export function createDriverAdapter(
  target: DatabaseTarget,
  options: DriverAdapterOptions = {},
): SqlDriverAdapterFactory {
  const schema = assertSchemaName(target.schema);
  if (target.kind === 'pglite') return createPgliteAdapterFactory(target.pglite, schema);
  const { config } = parsePostgresUrl(target.url);
  const poolConfig = withSearchPath(
    { ...config, ...(options.poolMax ? { max: options.poolMax } : {}) },
    schema,
  );
  return new PrismaPg(poolConfig, { schema, onPoolError: options.onPoolError });
}
