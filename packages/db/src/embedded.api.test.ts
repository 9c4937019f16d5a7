// openEmbeddedPostgres: PGlite on disk, one instance per data directory, data kept across reopen.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeEmbeddedPostgres, migrateDatabase, openEmbeddedPostgres } from './index';
import { adminMigrations } from './test/helpers';

let dir: string | undefined;
afterAll(async () => {
  if (dir) {
    await closeEmbeddedPostgres(join(dir, 'db')).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
});

describe('openEmbeddedPostgres', () => {
  it(
    'creates the data directory, shares one instance, and keeps migrations across a reopen',
    { timeout: 90_000 },
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'noek-pglite-'));
      const dataDir = join(dir, 'db');
      const [a, b] = await Promise.all([openEmbeddedPostgres(dataDir), openEmbeddedPostgres(dataDir)]);
      expect(a).toBe(b);
      const first = await migrateDatabase({
        target: { kind: 'pglite', pglite: a, schema: 'admin' },
        migrationsDir: adminMigrations,
      });
      expect(first.appliedMigrationNames.length).toBeGreaterThan(0);
      await closeEmbeddedPostgres(dataDir);

      const reopened = await openEmbeddedPostgres(dataDir);
      expect(reopened).not.toBe(a);
      const again = await migrateDatabase({
        target: { kind: 'pglite', pglite: reopened, schema: 'admin' },
        migrationsDir: adminMigrations,
      });
      expect(again.appliedMigrationNames).toEqual([]);

      await reopened.close(); // closed directly, not through closeEmbeddedPostgres
      const third = await openEmbeddedPostgres(dataDir);
      expect(third.closed).toBe(false);
      expect(
        (await third.query<{ n: number }>('SELECT count(*)::int AS n FROM admin._prisma_migrations')).rows[0]
          ?.n,
      ).toBeGreaterThan(0);
    },
  );
});
