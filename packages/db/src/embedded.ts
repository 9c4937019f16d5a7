// The embedded database of the zero-install mode: PGlite (PostgreSQL in WebAssembly) on disk.
// One PGlite per data directory per process: it is a single session and cannot be shared between
// processes (pglite-socket interleaves protocol messages with more than one client). All services of
// the single-process mode share the instance returned here, each in its own schema.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createFreshPglite } from './memory-pglite';

const open = new Map<string, Promise<PGlite>>();

/** Opens (creating if missing) the PGlite at `dataDir`; `memory://` gives an in-memory database. */
export function openEmbeddedPostgres(dataDir: string): Promise<PGlite> {
  const key = dataDir.startsWith('memory://') ? dataDir : resolve(dataDir);
  let instance = open.get(key);
  if (!instance) {
    instance = (async () => {
      if (key.startsWith('memory://')) return PGlite.create(key);
      await mkdir(key, { recursive: true });
      // A new directory starts from the cached fresh data dir instead of running initdb.
      return existsSync(join(key, 'PG_VERSION')) ? PGlite.create(key) : createFreshPglite(key);
    })();
    open.set(key, instance);
    instance.catch(() => open.delete(key));
  }
  return instance;
}

/** Closes the instance opened for `dataDir` (flushes to disk); later calls open it again. */
export async function closeEmbeddedPostgres(dataDir: string): Promise<void> {
  const key = dataDir.startsWith('memory://') ? dataDir : resolve(dataDir);
  const instance = open.get(key);
  open.delete(key);
  if (instance) await (await instance).close();
}
