import { describe, expect, it } from 'vitest';
import type { MigrationList } from '@prisma/schema-engine-wasm';
import { alreadyMigrated, isUpToDate, migrationChecksum, type AppliedRow } from './applied-migrations';

const list = (files: Record<string, string>): MigrationList => ({
  baseDir: '/m',
  lockfile: { path: 'migration_lock.toml', content: null },
  shadowDbInitScript: '',
  migrationDirectories: Object.entries(files).map(([path, value]) => ({
    path,
    migrationFile: { path: 'migration.sql', content: { tag: 'ok' as const, value } },
  })),
});
const done = (name: string, sql: string): AppliedRow => ({
  migration_name: name,
  checksum: migrationChecksum(sql),
  finished_at: new Date(),
  rolled_back_at: null,
});

describe('isUpToDate', () => {
  const files = { '1_init': 'CREATE TABLE a();', '2_more': 'CREATE TABLE b();' };

  it('is true only when every migration is applied with its checksum', () => {
    expect(isUpToDate(list(files), [done('1_init', files['1_init']), done('2_more', files['2_more'])])).toBe(
      true,
    );
  });

  it('is false with a pending migration, an edited one, a failed one or a rolled-back one', () => {
    expect(isUpToDate(list(files), [done('1_init', files['1_init'])])).toBe(false);
    expect(isUpToDate(list(files), [done('1_init', files['1_init']), done('2_more', 'edited')])).toBe(false);
    const failed = { ...done('2_more', files['2_more']), finished_at: null };
    expect(isUpToDate(list(files), [done('1_init', files['1_init']), failed])).toBe(false);
    const rolledBack = { ...done('2_more', files['2_more']), rolled_back_at: new Date() };
    expect(isUpToDate(list(files), [done('1_init', files['1_init']), rolledBack])).toBe(false);
  });
});

describe('alreadyMigrated', () => {
  it('reads a missing migrations table as not up to date', async () => {
    const query = () => Promise.reject(new Error('relation "_prisma_migrations" does not exist'));
    await expect(alreadyMigrated(query, 'auth', list({ '1_init': 'x' }))).resolves.toBe(false);
  });

  it('quotes the schema in the query it runs', async () => {
    let seen = '';
    await alreadyMigrated(
      async (sql) => {
        seen = sql;
        return [done('1_init', 'x')];
      },
      'chat',
      list({ '1_init': 'x' }),
    );
    expect(seen).toContain('"chat"."_prisma_migrations"');
  });
});
