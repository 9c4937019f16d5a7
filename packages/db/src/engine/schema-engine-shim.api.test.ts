// The ordinary Prisma CLI, offline, through the schema engine shim: migrate dev (creating the
// database and a new migration through a shadow database), status, deploy, diff.
import { spawnSync } from 'node:child_process';
import { appendFile, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, adminServiceDir, databaseUrl, repoRoot, uniqueName } from '../test/helpers';

const prismaCli = join(repoRoot, 'node_modules/prisma/build/index.js');
const database = uniqueName('noek_shimtest');
let dir: string;

// Without PRISMA_SCHEMA_ENGINE_BINARY, so that prisma.config.ts must point the CLI at the shim.
const { PRISMA_SCHEMA_ENGINE_BINARY: _unset, ...baseEnv } = process.env;

function prisma(args: string[], url = databaseUrl(database)) {
  const r = spawnSync(process.execPath, [prismaCli, ...args], {
    cwd: dir,
    env: { ...baseEnv, DATABASE_URL: url, CHECKPOINT_DISABLE: '1' },
    encoding: 'utf-8',
    timeout: 60_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'noek-shim-'));
  await cp(join(adminServiceDir, 'prisma'), join(dir, 'prisma'), { recursive: true });
  const helper = join(repoRoot, 'packages/db/src/prisma-cli.config.ts');
  await writeFile(
    join(dir, 'prisma.config.ts'),
    `import { servicePrismaConfig } from '${helper}';\nexport default servicePrismaConfig(import.meta.dirname, 'admin');\n`,
  );
});
afterAll(async () => {
  await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await adminQuery(`DROP DATABASE IF EXISTS "${database}_deploy" WITH (FORCE)`);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('Prisma CLI through the schema engine shim', () => {
  it(
    'migrate dev creates the missing database and a new migration for a schema change',
    { timeout: 90_000 },
    async () => {
      await appendFile(
        join(dir, 'prisma', 'schema.prisma'),
        '\nmodel ShimProbe {\n  id   Int    @id\n  name String\n}\n',
      );
      const dev = prisma(['migrate', 'dev', '--name', 'add_probe']);
      expect(dev.out, dev.out).toContain(`database ${database} created`);
      expect(dev.code).toBe(0);
      const created = (await readdir(join(dir, 'prisma', 'migrations'))).find((n) =>
        n.endsWith('_add_probe'),
      );
      expect(created).toBeDefined();
      expect(await readFile(join(dir, 'prisma', 'migrations', created!, 'migration.sql'), 'utf-8')).toContain(
        'CREATE TABLE "ShimProbe"',
      );
      const tables = await adminQuery(
        `SELECT 1 FROM information_schema.tables WHERE table_schema = 'admin' AND table_name = 'ShimProbe'`,
        [],
        database,
      );
      expect(tables.rowCount).toBe(1);
    },
  );

  it('migrate status agrees, and diff --exit-code sees no difference', { timeout: 90_000 }, () => {
    const status = prisma(['migrate', 'status']);
    expect(status.out, status.out).toContain('Database schema is up to date');
    const diff = prisma([
      'migrate',
      'diff',
      '--from-config-datasource',
      '--to-schema',
      'prisma/schema.prisma',
      '--exit-code',
    ]);
    expect(diff.code, diff.out).toBe(0);
  });

  it('migrate deploy applies every migration to another database', { timeout: 90_000 }, async () => {
    await adminQuery(`CREATE DATABASE "${database}_deploy"`);
    const deploy = prisma(['migrate', 'deploy'], databaseUrl(`${database}_deploy`));
    expect(deploy.code, deploy.out).toBe(0);
    expect(deploy.out).toContain('All migrations have been successfully applied');
    const rows = await adminQuery(
      'SELECT count(*)::int AS n FROM admin._prisma_migrations',
      [],
      `${database}_deploy`,
    );
    expect(rows.rows[0]?.n).toBe(
      (await readdir(join(dir, 'prisma', 'migrations'))).filter((n) => !n.endsWith('.toml')).length,
    );
  });
});
