// `npm run build` (and the first step of `npm start`): builds what changed since the last build, and only
// that. Each target has inputs (files hashed by content) and outputs; a target whose input hash matches
// the stamp of its last successful build, and whose outputs exist, is skipped. Prints what was rebuilt and
// why. Plain JavaScript on purpose: it runs before anything is built, and must cost milliseconds when
// nothing changed. Flags: --force (rebuild everything), --only=<target,...>.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const stampFile = join(root, 'node_modules', '.cache', 'noek', 'build-stamps.json');
const skipDirs = new Set(['node_modules', 'dist', 'generated', '.data', '.tmp', 'coverage', 'screenshots']);

const services = ['auth', 'chat', 'billing', 'admin'];
const remotes = ['shell', 'mfe-chat', 'mfe-admin', 'mfe-billing', 'mfe-marketing'];
const lockfile = 'package-lock.json';
const serverInputs = [
  lockfile,
  'packages/contracts/src',
  'packages/service-kit/src',
  'packages/db/src',
  'packages/runtime/src',
  'gateway/src',
  'scripts/start.ts',
  'scripts/start-services.ts',
  'scripts/lib',
  'scripts/build/bundle-server.mjs',
  ...services.flatMap((s) => [`services/${s}/src`, `services/${s}/prisma/schema.prisma`]),
];

/** Every target: what it reads, what it writes, how it is made. Order matters (prisma before server). */
export const targets = [
  {
    name: 'prisma clients',
    inputs: [lockfile, ...services.map((s) => `services/${s}/prisma/schema.prisma`)],
    outputs: services.map((s) => `services/${s}/src/generated/prisma/client.ts`),
    run: () => sh(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'generate']),
  },
  ...remotes.map((ws) => ({
    name: ws,
    inputs: [lockfile, ws, 'packages/ui', 'packages/contracts/src', 'packages/contracts/package.json'],
    outputs: [`${ws}/dist/index.html`, `${ws}/dist/mf-manifest.json`].filter((f) =>
      ws === 'shell' ? f.endsWith('index.html') : f.endsWith('mf-manifest.json'),
    ),
    // The workspace's own build script (rspack, and for mfe-marketing the prerender step after it).
    run: () => sh('npm', ['run', '--silent', 'build'], join(root, ws)),
  })),
  {
    name: 'server bundles',
    inputs: serverInputs,
    outputs: [
      'dist/start.js',
      'dist/start-services.js',
      'dist/embedded-worker.js',
      'gateway/dist/main.js',
      ...services.map((s) => `services/${s}/dist/main.js`),
    ],
    run: async () => {
      const { bundleServer } = await import('./bundle-server.mjs');
      await bundleServer();
    },
  },
];

function sh(cmd, args, cwd = root) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** Relative paths of every file under `path` (or the file itself), sorted, skipping build output. */
function filesOf(path) {
  const abs = join(root, path);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return [path];
  const out = [];
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || skipDirs.has(entry.name)) continue;
    const rel = join(path, entry.name);
    if (entry.isDirectory()) out.push(...filesOf(rel));
    else out.push(rel);
  }
  return out.sort();
}

/** One hash over the names and contents of a target's inputs. */
export function inputHash(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function readStamps() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

function writeStamps(stamps) {
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify(stamps, null, 2)}\n`);
}

/** Why a target must be rebuilt, or null when it is up to date. */
function staleReason(target, stamps, hash, force) {
  if (force) return 'forced';
  const missing = target.outputs.find((f) => !existsSync(join(root, f)));
  if (missing) return `${relative('.', missing)} is missing`;
  if (!stamps[target.name]) return 'never built here';
  if (stamps[target.name] !== hash) return 'its sources changed';
  return null;
}

export async function buildChanged({ force = false, only } = {}) {
  const started = Date.now();
  const stamps = readStamps();
  const rebuilt = [];
  for (const target of targets) {
    if (only && !only.includes(target.name)) continue;
    const hash = inputHash(target.inputs);
    const reason = staleReason(target, stamps, hash, force);
    if (!reason) continue;
    console.log(`build: ${target.name} (${reason})`);
    const t0 = Date.now();
    await target.run();
    // Hash again after the build: a build that rewrites its own inputs must not look stale next time.
    stamps[target.name] = inputHash(target.inputs);
    writeStamps(stamps);
    rebuilt.push(`${target.name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const took = ((Date.now() - started) / 1000).toFixed(2);
  console.log(
    rebuilt.length ? `build: rebuilt ${rebuilt.join(', ')}` : `build: everything up to date (${took} s)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  await buildChanged({ force: process.argv.includes('--force'), only }).catch((err) => {
    console.error(`build failed: ${err.message}`);
    process.exit(1);
  });
}
