// Database workflow for every service (see packages/db/README.md):
//   tsx scripts/db.ts generate [--force]  prisma generate per service, skipped when schema unchanged
//   tsx scripts/db.ts migrate             apply committed migrations of every service to DATABASE_URL
//   tsx scripts/db.ts check               drift check: migrations replayed on in-memory PGlite vs schema.prisma
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceDatabaseDir } from '@noek/db';
import { discoverServiceDatabases } from '../packages/db/src/service-databases';
import { DEFAULT_DATABASE_URL, SCHEMA_ENGINE_SHIM } from '../packages/db/src/prisma-cli.config';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const prismaPkg = require.resolve('prisma/package.json');
const prismaCli = join(dirname(prismaPkg), 'build', 'index.js');
const prismaVersion = (JSON.parse(readFileSync(prismaPkg, 'utf-8')) as { version: string }).version;

function run(cmd: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: {
        ...process.env,
        PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? SCHEMA_ENGINE_SHIM,
        PRISMA_HIDE_UPDATE_MESSAGE: '1',
        CHECKPOINT_DISABLE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

// The generated client depends only on schema.prisma and the Prisma version: skip when unchanged.
function schemaHash(service: ServiceDatabaseDir): string {
  return createHash('sha256').update(prismaVersion).update(readFileSync(service.schemaPath)).digest('hex');
}

async function generate(services: ServiceDatabaseDir[], force: boolean): Promise<boolean> {
  const started = performance.now();
  const results = await Promise.all(
    services.map(async (service) => {
      const stamp = join(service.dir, 'src', 'generated', 'prisma', '.schema-hash');
      const hash = schemaHash(service);
      if (!force && existsSync(stamp) && readFileSync(stamp, 'utf-8') === hash)
        return `${service.name}: up to date`;
      const { code, output } = await run(process.execPath, [prismaCli, 'generate'], service.dir);
      if (code !== 0) throw new Error(`prisma generate failed for ${service.name}:\n${output}`);
      writeFileSync(stamp, hash);
      return `${service.name}: generated`;
    }),
  );
  console.log(`${results.join(', ')} (${Math.round(performance.now() - started)} ms)`);
  return true;
}

// @noek/db (PGlite, pg, the engine) loads only for the commands that need it: generate stays quick.
async function migrate(services: ServiceDatabaseDir[]): Promise<boolean> {
  const { ensureDatabase, migrateDatabase } = await import('@noek/db');
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (await ensureDatabase(url)) console.log(`created database ${new URL(url).pathname.slice(1)}`);
  for (const service of services) {
    await migrateDatabase({
      target: { kind: 'postgres', url, schema: service.name },
      migrationsDir: service.migrationsDir,
      logger: { info: (m) => console.log(m) },
    });
  }
  return true;
}

async function check(services: ServiceDatabaseDir[]): Promise<boolean> {
  const { checkDrift } = await import('@noek/db');
  const started = performance.now();
  const results = await checkDrift(services);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const r of results) {
    if (r.ok) console.log(`✓ ${r.service}: migrations match schema.prisma`);
    else
      console.error(
        `✗ ${r.service}: schema.prisma differs from its migrations. Run \`npx prisma migrate dev --name <change>\` in services/${r.service}. Missing SQL:\n${r.detail}`,
      );
  }
  const failed = results.filter((r) => !r.ok).map((r) => r.service);
  console.log(failed.length ? `drift in: ${failed.join(', ')} (${seconds} s)` : `no drift (${seconds} s)`);
  return failed.length === 0;
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const services = discoverServiceDatabases(root);
  const only = rest.filter((a) => !a.startsWith('--'));
  const selected = only.length ? services.filter((s) => only.includes(s.name)) : services;
  if (command === 'generate') return (await generate(selected, rest.includes('--force'))) ? 0 : 1;
  if (command === 'migrate') return (await migrate(selected)) ? 0 : 1;
  if (command === 'check') return (await check(selected)) ? 0 : 1;
  console.error('usage: tsx scripts/db.ts <generate [--force] | migrate | check> [service...]');
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
