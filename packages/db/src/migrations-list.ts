// Reads a migrations folder exactly as the Prisma CLI does before handing it to the schema engine
// (same shape, same sort), so migrations applied at start and by `prisma migrate deploy` agree.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MigrationList } from '@prisma/schema-engine-wasm';

const LOCKFILE = 'migration_lock.toml';
const SCRIPT = 'migration.sql';

export async function readMigrationsList(baseDir: string, shadowDbInitScript = ''): Promise<MigrationList> {
  const lockContent = await readFile(join(baseDir, LOCKFILE), 'utf-8').catch(() => null);
  const entries = await readdir(baseDir, { withFileTypes: true }).catch(() => []);
  const migrationDirectories: MigrationList['migrationDirectories'] = [];
  for (const entry of entries.filter((e) => e.isDirectory())) {
    const content = await readFile(join(baseDir, entry.name, SCRIPT), 'utf-8').then(
      (value) => ({ tag: 'ok' as const, value }),
      (error: Error) => ({ tag: 'error' as const, value: error.message }),
    );
    migrationDirectories.push({ path: entry.name, migrationFile: { path: SCRIPT, content } });
  }
  migrationDirectories.sort((a, b) => a.path.localeCompare(b.path));
  return {
    baseDir,
    lockfile: { path: LOCKFILE, content: lockContent },
    migrationDirectories,
    shadowDbInitScript,
  };
}

export const noFilters = { externalTables: [], externalEnums: [] };
