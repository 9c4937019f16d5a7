// The main thread's handle on the embedded PGlite running in its worker thread (embedded-worker.ts): the
// part of PGlite's interface the driver adapter, the outbox wake-ups and ANALYZE use, each call a message.
// Type parsers cannot cross a thread (functions), so the caller's run here on the text PostgreSQL sent.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { EmbeddedPglite } from './driver-adapter';
import {
  deserializeError,
  type WorkerReady,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from './embedded-worker-protocol';

// esbuild defines it in the server bundles (scripts/build/bundle-server.mjs), where the worker is built
// to dist/embedded-worker.js; from the TypeScript sources (tsx, vitest) tsx loads the .ts file.
declare const NOEK_SERVER_BUNDLE: boolean | undefined;

function spawnWorker(start: WorkerStart): Worker {
  if (typeof NOEK_SERVER_BUNDLE !== 'undefined') {
    // import.meta.url names this source file in a bundle too (bundle-server.mjs's source-location).
    return new Worker(new URL('../../../dist/embedded-worker.js', import.meta.url), { workerData: start });
  }
  const entry = new URL('./embedded-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(code, { eval: true, workerData: start });
}

/** Applies the caller's parsers to the columns of their OIDs, which the worker left as text. */
function parseColumns<T>(result: Results<T>, parsers: QueryOptions['parsers'], rowMode?: string): Results<T> {
  if (!parsers) return result;
  result.fields.forEach((field, i) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const key = rowMode === 'array' ? i : field.name;
      const text = row[key];
      if (typeof text === 'string') row[key] = parse(text);
    }
  });
  return result;
}

class WorkerPglite implements EmbeddedPglite {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private isClosed = false;

  constructor(private readonly worker: Worker) {
    worker.on('message', (message: WorkerReply) => {
      if ('notify' in message) {
        for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload);
        return;
      }
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) waiter?.resolve(message.value);
      else waiter?.reject(deserializeError(message.error));
    });
    // A worker that dies (out of memory, a bug) fails every call waiting on it instead of hanging them.
    const failAll = (error: Error) => {
      this.isClosed = true;
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`The embedded database's thread exited (${code})`)));
  }

  get closed(): boolean {
    return this.isClosed;
  }

  call<T>(req: WorkerRequest): Promise<T> {
    if (this.isClosed) return Promise.reject(new Error('The embedded database is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, req });
    });
  }

  async query<T>(
    sql: string,
    params: unknown[] = [],
    options?: QueryOptions,
    tx?: number,
  ): Promise<Results<T>> {
    const textOids = Object.keys(options?.parsers ?? {}).map(Number);
    const result = await this.call<Results<T>>({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      textOids,
      tx,
    });
    return parseColumns(result, options?.parsers, options?.rowMode);
  }

  exec(sql: string, _options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.call<Results[]>({ op: 'exec', sql, tx });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.query<R>(sql, params, options, id),
      exec: (sql: string) => this.exec(sql, undefined, id),
      rollback: async () => {
        closed = true;
        await this.call({ op: 'rollback', tx: id });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(callback);
    await this.call({ op: 'listen', channel });
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel);
        if (!this.isClosed) await this.call({ op: 'unlisten', channel });
      }
    };
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    await this.call({ op: 'close' });
    this.isClosed = true;
    await this.worker.terminate();
  }
}

/**
 * Opens (creating if missing) the PGlite at `dataDir` on a worker thread of its own; answers a handle whose
 * calls run there. Close it to flush the database and end the thread.
 */
export function openEmbeddedPostgresWorker(dataDir: string): Promise<EmbeddedPglite> {
  const worker = spawnWorker({ dataDir });
  return new Promise((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`The embedded database's thread exited (${code})`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (message: WorkerReady) => {
      worker.off('error', reject);
      worker.off('exit', onExit);
      if (message.ready) resolve(new WorkerPglite(worker));
      else void worker.terminate().then(() => reject(deserializeError(message.error)));
    });
  });
}
