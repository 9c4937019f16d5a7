// The drift check: passes on the committed services, fails naming the service on a drifted copy.
import { readdirSync } from 'node:fs';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServiceDrift, createMemoryPglite, discoverServiceDatabases } from './index';
import { repoRoot } from './test/helpers';

let pglite: PGlite;
let tmp: string;

beforeAll(async () => {
  [pglite, tmp] = await Promise.all([createMemoryPglite(), mkdtemp(join(tmpdir(), 'noek-drift-'))]);
});
afterAll(async () => {
  await pglite?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('drift check', () => {
  it('finds no drift in any committed service', async () => {
    const services = discoverServiceDatabases(repoRoot);
    expect(services.map((s) => s.name)).toEqual(expect.arrayContaining(['admin', 'auth', 'billing', 'chat']));
    for (const service of services)
      expect(await checkServiceDrift(pglite, service)).toEqual({ service: service.name, ok: true });
  });

  it('fails on a schema.prisma changed without a migration, naming the service and the missing SQL', async () => {
    const admin = discoverServiceDatabases(repoRoot).find((s) => s.name === 'admin')!;
    const copy = join(tmp, 'prisma');
    await cp(join(admin.dir, 'prisma'), copy, { recursive: true });
    await appendFile(join(copy, 'schema.prisma'), '\nmodel DriftProbe {\n  id Int @id\n}\n');
    const result = await checkServiceDrift(pglite, {
      name: 'admin',
      schemaPath: join(copy, 'schema.prisma'),
      migrationsDir: join(copy, 'migrations'),
    });
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({
      service: 'admin',
      detail: expect.stringContaining('CREATE TABLE "DriftProbe"'),
    });
  });

  it('fails when a committed migration was edited', async () => {
    const copy = join(tmp, 'edited');
    const admin = discoverServiceDatabases(repoRoot).find((s) => s.name === 'admin')!;
    await cp(join(admin.dir, 'prisma'), copy, { recursive: true });
    const [first] = readdirSync(join(copy, 'migrations'))
      .filter((n) => !n.endsWith('.toml'))
      .sort();
    await appendFile(
      join(copy, 'migrations', first!, 'migration.sql'),
      '\nCREATE TABLE "extra" ("id" INTEGER PRIMARY KEY);\n',
    );
    const result = await checkServiceDrift(pglite, {
      name: 'admin',
      schemaPath: join(copy, 'schema.prisma'),
      migrationsDir: join(copy, 'migrations'),
    });
    expect(result).toMatchObject({ service: 'admin', ok: false, detail: expect.stringContaining('extra') });
  });
});
