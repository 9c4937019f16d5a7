// Shared by packages/db's API tests: throwaway databases on the local PostgreSQL, and the admin
// service's generated client (generated on demand; its output is gitignored).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { PrismaClient as AdminClient } from '../../../../services/admin/src/generated/prisma/client';

export type { AdminClient };
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const adminServiceDir = join(repoRoot, 'services', 'admin');
export const adminMigrations = join(adminServiceDir, 'prisma', 'migrations');

const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');

export function databaseUrl(database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  sql: string,
  params: unknown[] = [],
  database = serverUrl.pathname.slice(1),
) {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    return await client.query<T>(sql, params);
  } finally {
    await client.end();
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

/** A fresh database; call the returned function to drop it. */
export async function createTempDatabase(): Promise<{
  name: string;
  url: string;
  drop: () => Promise<void>;
}> {
  const name = uniqueName('noek_dbtest');
  await adminQuery(`CREATE DATABASE "${name}"`);
  return {
    name,
    url: databaseUrl(name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(() => undefined),
  };
}

export async function loadAdminClient(): Promise<typeof AdminClient> {
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'scripts/db.ts', 'generate', 'admin'],
    {
      cwd: repoRoot,
      encoding: 'utf-8',
    },
  );
  if (result.status !== 0) throw new Error(`prisma generate failed: ${result.stdout}${result.stderr}`);
  const mod = (await import('../../../../services/admin/src/generated/prisma/client')) as {
    PrismaClient: typeof AdminClient;
  };
  return mod.PrismaClient;
}
