// migrateDatabase + createDriverAdapter on the real PostgreSQL, in a throwaway database.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDriverAdapter, checkReady, migrateDatabase } from './index';
import type { AdminClient } from './test/helpers';
import {
  adminMigrations,
  adminQuery,
  adminServiceDir,
  createTempDatabase,
  loadAdminClient,
  repoRoot,
  uniqueName,
} from './test/helpers';

let db: Awaited<ReturnType<typeof createTempDatabase>>;
let PrismaClient: typeof AdminClient;
let prisma: AdminClient;

beforeAll(async () => {
  [db, PrismaClient] = await Promise.all([createTempDatabase(), loadAdminClient()]);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await db?.drop();
});

const target = () => ({ kind: 'postgres' as const, url: db.url, schema: 'admin' });
const migrationNames = readdirSync(adminMigrations, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe('migrateDatabase on PostgreSQL', () => {
  it('creates the schema, applies every migration once, and is idempotent', async () => {
    const lines: string[] = [];
    const first = await migrateDatabase({
      target: target(),
      migrationsDir: adminMigrations,
      logger: { info: (m) => lines.push(m) },
    });
    expect(first.appliedMigrationNames).toEqual(migrationNames);
    const second = await migrateDatabase({
      target: target(),
      migrationsDir: adminMigrations,
      schemaName: 'admin',
    });
    expect(second.appliedMigrationNames).toEqual([]);
    expect(lines[0]).toContain('applied');

    const tables = await adminQuery<{ table_schema: string; table_name: string }>(
      `SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 2`,
      [],
      db.name,
    );
    expect(new Set(tables.rows.map((r) => r.table_schema))).toEqual(new Set(['admin']));
    expect(tables.rows.map((r) => r.table_name)).toContain('outbox_events');
  });

  it('records migrations with the checksum the CLI uses, so `prisma migrate status` agrees', async () => {
    const rows = await adminQuery<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM admin._prisma_migrations ORDER BY migration_name',
      [],
      db.name,
    );
    expect(rows.rows.map((r) => r.migration_name)).toEqual(migrationNames);
    for (const row of rows.rows) {
      const sql = readFileSync(join(adminMigrations, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.finished_at).not.toBeNull();
    }
    const status = spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules/prisma/build/index.js'), 'migrate', 'status'],
      {
        cwd: adminServiceDir,
        env: { ...process.env, DATABASE_URL: db.url, CHECKPOINT_DISABLE: '1' },
        encoding: 'utf-8',
      },
    );
    expect(status.stdout + status.stderr).toContain('Database schema is up to date');
    expect(status.status).toBe(0);
  });

  it('works for a least-privilege role that owns only its pre-made schema (as in deploy/)', async () => {
    const role = uniqueName('noek_role');
    await adminQuery(`CREATE ROLE "${role}" LOGIN`);
    try {
      await adminQuery(`REVOKE CREATE ON DATABASE "${db.name}" FROM PUBLIC`, [], db.name);
      await adminQuery(`CREATE SCHEMA "${role}" AUTHORIZATION "${role}"`, [], db.name);
      // As deploy/postgres/init-noek.sh does: the superuser makes the extensions the migrations use.
      await adminQuery('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public', [], db.name);
      const url = new URL(db.url);
      url.username = role;
      const result = await migrateDatabase({
        target: { kind: 'postgres', url: url.toString(), schema: role },
        migrationsDir: adminMigrations,
      });
      expect(result.appliedMigrationNames).toEqual(migrationNames);
    } finally {
      await adminQuery(`DROP SCHEMA IF EXISTS "${role}" CASCADE`, [], db.name);
      await adminQuery(`DROP ROLE IF EXISTS "${role}"`);
    }
  });

  it('rejects a schemaName that differs from the target and an empty migrations folder', async () => {
    await expect(
      migrateDatabase({ target: target(), migrationsDir: adminMigrations, schemaName: 'other' }),
    ).rejects.toThrow(/differs/);
    await expect(
      migrateDatabase({ target: target(), migrationsDir: join(adminMigrations, 'nope') }),
    ).rejects.toThrow(/No migrations/);
  });
});

describe('createDriverAdapter on PostgreSQL', () => {
  it('runs generated queries, raw SQL and transactions in the service schema', async () => {
    prisma = new PrismaClient({ adapter: createDriverAdapter(target()) });
    await prisma.outboxEvent.create({
      data: { id: 'e1', subject: 'admin.test.created.v1', payload: { a: 1 } },
    });
    expect((await prisma.outboxEvent.findUnique({ where: { id: 'e1' } }))?.payload).toEqual({ a: 1 });

    // Unqualified raw SQL resolves through the connection's search_path.
    const raw = await prisma.$queryRawUnsafe<{ n: bigint }[]>('SELECT count(*) AS n FROM outbox_events');
    expect(Number(raw[0]?.n)).toBe(1);

    await prisma.$transaction(async (tx) => {
      await tx.outboxEvent.create({ data: { id: 'e2', subject: 's', payload: {} } });
      await tx.processedEvent.create({ data: { consumer: 'c', eventId: 'e2' } });
    });
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.outboxEvent.create({ data: { id: 'e3', subject: 's', payload: {} } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await prisma.outboxEvent.findMany({ orderBy: { id: 'asc' } })).map((e) => e.id)).toEqual([
      'e1',
      'e2',
    ]);
    expect(await prisma.processedEvent.count()).toBe(1);
    await expect(
      prisma.processedEvent.create({ data: { consumer: 'c', eventId: 'e2' } }),
    ).rejects.toMatchObject({ code: 'P2002' });
  });

  it('checkReady answers ok on a live database and not ok on an unreachable one', async () => {
    expect(await checkReady(prisma)).toMatchObject({ ok: true });
    const down = new PrismaClient({
      adapter: createDriverAdapter({
        kind: 'postgres',
        url: 'postgresql://postgres@127.0.0.1:1/x',
        schema: 'admin',
      }),
    });
    const result = await checkReady(down, 2000);
    expect(result.ok).toBe(false);
    await down.$disconnect();
  });
});
