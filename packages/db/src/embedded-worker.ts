// The embedded PGlite on a worker thread of its own (npm start): PostgreSQL in WebAssembly is the largest
// single cost of a request there, and on the main thread it left the machine's other cores idle. This
// thread owns the one PGlite of the data directory and runs what the main thread asks
// (embedded-worker-protocol.ts); the main thread keeps the schema switching and its lock
// (pglite-adapter.ts), so both modes share every code path above the PGlite handle.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { closeEmbeddedPostgres, openEmbeddedPostgres } from './embedded';
import {
  serializeError,
  type WorkerReady,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from './embedded-worker-protocol';

const port = parentPort!;
const { dataDir } = workerData as WorkerStart;

interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  done: Promise<void>;
  /** Its requests run in the order they were sent (a rollback before the callback's end, say). */
  chain: Promise<unknown>;
}

async function open(): Promise<PGlite> {
  // A new data dir is seeded from PGlite's template and reopened: the seeding instance keeps the
  // template's bytes (~40 MB, in several copies) for as long as it lives (npm run bench:start).
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    await openEmbeddedPostgres(dataDir);
    await closeEmbeddedPostgres(dataDir);
  }
  return openEmbeddedPostgres(dataDir);
}

function serve(pglite: PGlite): void {
  const transactions = new Map<number, OpenTransaction>();
  const listening = new Map<string, Promise<() => Promise<void>>>();
  let nextTx = 1;

  const begin = (reply: (value: number) => void): Promise<void> => {
    const id = nextTx++;
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    const done = pglite.transaction(async (tx) => {
      transactions.set(id, { tx, end, done, chain: Promise.resolve() });
      reply(id);
      if (!(await ended) && !tx.closed) await tx.rollback();
    });
    return done;
  };

  const run = async (req: WorkerRequest, reply: (value: number) => void): Promise<unknown> => {
    const target = 'tx' in req && req.tx !== undefined ? transactions.get(req.tx)?.tx : pglite;
    switch (req.op) {
      case 'query': {
        if (!target) throw new Error('No such transaction');
        const parsers = Object.fromEntries(req.textOids.map((oid) => [oid, (text: string) => text]));
        return target.query(req.sql, req.params, { rowMode: req.rowMode, parsers });
      }
      case 'exec':
        if (!target) throw new Error('No such transaction');
        return target.exec(req.sql);
      case 'begin':
        // Answered from inside the callback; a failure to begin rejects here.
        await begin(reply);
        return undefined;
      case 'rollback':
        await transactions.get(req.tx)?.tx.rollback();
        return undefined;
      case 'end': {
        const t = transactions.get(req.tx);
        if (!t) throw new Error('No such transaction');
        t.end(req.commit);
        try {
          await t.done;
        } finally {
          transactions.delete(req.tx);
        }
        return undefined;
      }
      case 'listen':
        if (!listening.has(req.channel))
          listening.set(
            req.channel,
            pglite.listen(req.channel, (payload) => port.postMessage({ notify: req.channel, payload })),
          );
        await listening.get(req.channel);
        return undefined;
      case 'unlisten': {
        const stop = listening.get(req.channel);
        listening.delete(req.channel);
        await (
          await stop
        )?.();
        return undefined;
      }
      case 'close':
        await pglite.close();
        return undefined;
    }
  };

  port.on('message', ({ id, req }: { id: number; req: WorkerRequest }) => {
    let answered = false;
    const send = (message: WorkerReply) => {
      if (answered) return;
      answered = true;
      port.postMessage(message);
    };
    const reply = (value?: unknown) => send({ id, ok: true, value } as WorkerReply);
    const fail = (error: unknown) => send({ id, ok: false, error: serializeError(error) });
    const work = () =>
      run(req, reply)
        .then(reply, fail)
        .then(() => req.op === 'close' && port.close());
    const t = 'tx' in req && req.tx !== undefined ? transactions.get(req.tx) : undefined;
    if (t) t.chain = t.chain.then(work);
    else void work();
  });
}

open().then(
  (pglite) => {
    serve(pglite);
    port.postMessage({ ready: true } satisfies WorkerReady);
  },
  (error: unknown) => port.postMessage({ ready: false, error: serializeError(error) } satisfies WorkerReady),
);
