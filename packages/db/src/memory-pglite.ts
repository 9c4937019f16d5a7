// A fresh PGlite, fast. Most of PGlite.create()'s time is initdb (~4-13 s here); loading
// a data directory dumped right after a previous initdb takes a fraction of that. The dump is cached
// under node_modules/.cache (keyed by the PGlite version) and rebuilt when missing or unreadable.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions';

// The package does not export its package.json: walk up from its entry point.
function pglitePackageDir(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
const pkgDir = pglitePackageDir();
const pgliteVersion = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf-8')) as { version: string })
  .version;
const cacheFile = join(pkgDir, '..', '..', '.cache', 'noek-db', `pglite-${pgliteVersion}-fresh.tar`);

/** A fresh PGlite, in memory (no dataDir) or in a new data directory, from the cached template. */
async function fromCache(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite | undefined> {
  const data = await readFile(cacheFile).catch(() => undefined);
  if (!data) return undefined;
  try {
    return await PGlite.create(dataDir, { ...options, loadDataDir: new Blob([data]) });
  } catch (error) {
    await rm(cacheFile, { force: true });
    // Never delete a user's directory: say what happened (the bad cache is gone; a retry runs initdb).
    if (dataDir)
      throw new Error(`Could not seed ${dataDir} from the PGlite template; empty that directory and retry`, {
        cause: error,
      });
    return undefined;
  }
}

async function saveTemplate(pglite: PGlite): Promise<void> {
  try {
    const dump = await pglite.dumpDataDir('none');
    await mkdir(dirname(cacheFile), { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await rename(tmp, cacheFile);
  } catch {
    // A cache is an optimisation: a read-only node_modules only costs time.
  }
}

/**
 * A new, empty PGlite: in memory without `dataDir`, else in `dataDir`, which must not hold a database
 * yet. Seeded from the cached template when there is one; otherwise initdb runs and seeds the cache.
 * `options` are PGlite's (e.g. startParams).
 */
export async function createFreshPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  const cached = await fromCache(dataDir, options);
  if (cached) return cached;
  const pglite = await PGlite.create(dataDir, options);
  await saveTemplate(pglite);
  return pglite;
}

export function createMemoryPglite(): Promise<PGlite> {
  return createFreshPglite(undefined, { extensions: pgliteExtensions });
}
