// migrateDatabase + createDriverAdapter on ONE in-memory PGlite shared by two service schemas, as in
// the single-process mode.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryPglite, migrateDatabase } from './index';
import type { AdminClient } from './test/helpers';
import { adminMigrations, loadAdminClient } from './test/helpers';
import { expectSchemasKeptApart } from './test/shared-pglite-scenario';

let pglite: PGlite;
let PrismaClient: typeof AdminClient;
let admin: AdminClient;
let other: AdminClient;

beforeAll(async () => {
  [pglite, PrismaClient] = await Promise.all([createMemoryPglite(), loadAdminClient()]);
});
afterAll(async () => {
  await admin?.$disconnect();
  await other?.$disconnect();
  await pglite?.close();
});

// A second schema built from the same migrations stands in for another service sharing the PGlite.
const target = (schema: string) => ({ kind: 'pglite' as const, pglite, schema });

describe('migrateDatabase on PGlite', () => {
  it('applies migrations into each schema once, idempotently', async () => {
    const first = await migrateDatabase({ target: target('admin'), migrationsDir: adminMigrations });
    expect(first.appliedMigrationNames.length).toBeGreaterThan(0);
    const again = await migrateDatabase({ target: target('admin'), migrationsDir: adminMigrations });
    expect(again.appliedMigrationNames).toEqual([]);
    const second = await migrateDatabase({ target: target('svc_two'), migrationsDir: adminMigrations });
    expect(second.appliedMigrationNames).toEqual(first.appliedMigrationNames);

    const tables = await pglite.query<{ table_schema: string }>(
      `SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_name = 'outbox_events' ORDER BY 1`,
    );
    expect(tables.rows.map((r) => r.table_schema)).toEqual(['admin', 'svc_two']);
    const applied = await pglite.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM admin._prisma_migrations WHERE finished_at IS NOT NULL',
    );
    expect(applied.rows[0]?.n).toBe(first.appliedMigrationNames.length);
  });
});

describe('a failing migration on PGlite', () => {
  it('rejects with the database error, naming the schema, and leaves the process running', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'noek-badmig-'));
    try {
      await mkdir(join(dir, '20200101000000_bad'));
      await writeFile(
        join(dir, '20200101000000_bad', 'migration.sql'),
        'CREATE TABLE ok_first (id INT);\nSELECT * FROM no_such_table;\n',
      );
      await expect(migrateDatabase({ target: target('svc_bad'), migrationsDir: dir })).rejects.toThrow(
        /svc_bad[\s\S]*no_such_table/,
      );
      const failed = await pglite.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM svc_bad._prisma_migrations WHERE finished_at IS NULL',
      );
      expect(failed.rows[0]?.n).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('createDriverAdapter on a shared PGlite', () => {
  it('keeps generated queries, raw SQL and transactions of each schema apart', async () => {
    ({ admin, other } = await expectSchemasKeptApart(pglite, PrismaClient));
  });
});
