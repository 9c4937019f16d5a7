// The embedded database of the zero-install mode: PGlite (PostgreSQL in WebAssembly) on disk.
// One PGlite per data directory per process: it is a single session and cannot be shared between
// processes (pglite-socket interleaves protocol messages with more than one client). All services of
// the single-process mode share one instance, each in its own schema; npm start opens it here on a worker
// thread of its own (embedded-worker.ts) and the services reach it through embedded-worker-client.ts.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createFreshPglite } from './memory-pglite';
import { pgliteExtensions } from './pglite-extensions';

const open = new Map<string, Promise<PGlite>>();

/**
 * Server settings for the embedded instance. PostgreSQL's default shared_buffers (128 MB) lives in
 * the WebAssembly heap and fills up as pages are read: ~130 MB of resident memory for a database of a
 * few MB (npm run bench:start). Rows beyond the buffers are read from the data directory through the
 * OS file cache. PGlite is one session, so a handful of connection slots is plenty.
 */
export const embeddedServerSettings: Record<string, string> = {
  shared_buffers: '16MB',
  max_connections: '10',
};

const startParams = () => [
  ...PGlite.defaultStartParams,
  ...Object.entries(embeddedServerSettings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
];

async function openNew(key: string): Promise<PGlite> {
  const options = { startParams: startParams(), extensions: pgliteExtensions };
  if (key.startsWith('memory://')) return PGlite.create(key, options);
  await mkdir(key, { recursive: true });
  // A new directory starts from the cached fresh data dir instead of running initdb.
  return existsSync(join(key, 'PG_VERSION')) ? PGlite.create(key, options) : createFreshPglite(key, options);
}

/**
 * Opens (creating if missing) the PGlite at `dataDir`; `memory://` gives an in-memory database.
 * Calls for the same directory share one instance until it is closed (by anyone).
 */
export function openEmbeddedPostgres(dataDir: string): Promise<PGlite> {
  const key = dataDir.startsWith('memory://') ? dataDir : resolve(dataDir);
  const existing = open.get(key);
  const instance = existing ? existing.then((p) => (p.closed ? openNew(key) : p)) : openNew(key);
  open.set(key, instance);
  instance.catch(() => open.delete(key));
  return instance;
}

/** Closes the instance opened for `dataDir` (flushes to disk); later calls open it again. */
export async function closeEmbeddedPostgres(dataDir: string): Promise<void> {
  const key = dataDir.startsWith('memory://') ? dataDir : resolve(dataDir);
  const instance = open.get(key);
  open.delete(key);
  if (instance) await (await instance).close();
}
