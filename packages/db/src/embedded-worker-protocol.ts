// The messages between the embedded PGlite's worker thread (embedded-worker.ts) and the PGlite-shaped
// handle the services use on the main thread (embedded-worker-client.ts). Structured clone carries
// them, so nothing here holds a function: type parsers are named by OID and applied on the caller's side.
import { messages, type Results, type RowMode } from '@electric-sql/pglite';

export type WorkerRequest =
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode?: RowMode;
      /** OIDs the caller parses itself: their values come back as PostgreSQL's text. */
      textOids: number[];
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  /** Opens a transaction; answers its number once PGlite is inside it. */
  | { op: 'begin' }
  | { op: 'rollback'; tx: number }
  /** Ends the transaction's callback: COMMIT unless rolled back (or `commit` is false). */
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' };

export type WorkerReply =
  | { id: number; ok: true; value?: Results | Results[] | number }
  | { id: number; ok: false; error: SerializedError }
  | { notify: string; payload: string };

/** An error as fields: a DatabaseError's code, detail, constraint... are what Prisma maps (P2002). */
export interface SerializedError {
  message: string;
  databaseError: boolean;
  fields: Record<string, unknown>;
}

/** A thrown value as fields that survive structured clone (an Error's own properties do not). */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), databaseError: false, fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { message: error.message, databaseError: error instanceof messages.DatabaseError, fields };
}

export interface WorkerStart {
  dataDir: string;
}

/** The worker's first message: the database is open, or why not. */
export type WorkerReady = { ready: true } | { ready: false; error: SerializedError };

/** Back into an Error: a DatabaseError again when it was one, so the driver adapter maps it as usual. */
export function deserializeError({ message, databaseError, fields }: SerializedError): Error {
  const error = databaseError
    ? new messages.DatabaseError(message, Number(fields.length ?? 0), 'error')
    : new Error(message);
  return Object.assign(error, fields);
}
