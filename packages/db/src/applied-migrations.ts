// The fast path of migrating at start: when every committed migration is already recorded as applied
// (same name, same checksum) in the schema's `_prisma_migrations`, there is nothing for the schema engine
// to do, and loading its WebAssembly (the largest part of a warm start) is skipped. Anything else — a
// missing table, a pending, failed, rolled-back or edited migration — goes through the engine as before,
// which then applies or reports it exactly as `prisma migrate deploy` would.
import { createHash } from 'node:crypto';
import type { MigrationList } from '@prisma/schema-engine-wasm';
import { quoteIdent } from './connection';

export interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

/** Runs one read-only SQL statement and returns its rows (pg or PGlite). */
export type QueryRows = (sql: string) => Promise<AppliedRow[]>;

export function appliedMigrationsSql(schema: string): string {
  return `SELECT migration_name, checksum, finished_at, rolled_back_at FROM ${quoteIdent(schema)}."_prisma_migrations"`;
}

/** Prisma's checksum of a migration: sha256 hex of migration.sql as committed. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** True when the rows show every migration of the list applied once, unedited, and nothing failed. */
export function isUpToDate(list: MigrationList, rows: AppliedRow[]): boolean {
  if (rows.some((r) => r.finished_at === null && r.rolled_back_at === null)) return false; // failed
  const applied = new Map<string, string>();
  for (const r of rows)
    if (r.finished_at !== null && r.rolled_back_at === null) applied.set(r.migration_name, r.checksum);
  return list.migrationDirectories.every((dir) => {
    const file = dir.migrationFile.content;
    return file.tag === 'ok' && applied.get(dir.path) === migrationChecksum(file.value);
  });
}

/** Reads `_prisma_migrations`; a schema that has none yet (first start) is simply not up to date. */
export async function alreadyMigrated(
  query: QueryRows,
  schema: string,
  list: MigrationList,
): Promise<boolean> {
  try {
    return isUpToDate(list, await query(appliedMigrationsSql(schema)));
  } catch {
    return false;
  }
}
