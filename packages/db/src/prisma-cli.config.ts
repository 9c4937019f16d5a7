// Shared body of every service's prisma.config.ts (read by the Prisma CLI, not at run time).
// - Points the CLI at the offline schema engine shim unless PRISMA_SCHEMA_ENGINE_BINARY is set.
// - DATABASE_URL (default: the local development database) plus `?schema=<service>`: the shim turns
//   that into the connection's search_path and the CLI prints it as the target schema.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { defineConfig } from 'prisma/config';
import type { PrismaConfig } from 'prisma/config';
import { assertSchemaName } from './connection';

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/noek';
export const SCHEMA_ENGINE_SHIM = fileURLToPath(new URL('../bin/schema-engine.mjs', import.meta.url));

/** `url` with `schema=<schema>` set (replacing any schema it had). */
export function urlForSchema(url: string, schema: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error('DATABASE_URL is not a valid URL (expected postgresql://user@host:port/database)');
  }
  u.searchParams.set('schema', assertSchemaName(schema));
  return u.toString();
}

export function servicePrismaConfig(serviceDir: string, schema: string): ReturnType<typeof defineConfig> {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY ||= SCHEMA_ENGINE_SHIM;
  const datasource: PrismaConfig['datasource'] = {
    url: urlForSchema(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, schema),
  };
  if (process.env.SHADOW_DATABASE_URL)
    datasource.shadowDatabaseUrl = urlForSchema(process.env.SHADOW_DATABASE_URL, schema);
  return defineConfig({
    schema: join(serviceDir, 'prisma', 'schema.prisma'),
    migrations: { path: join(serviceDir, 'prisma', 'migrations') },
    datasource,
  });
}
