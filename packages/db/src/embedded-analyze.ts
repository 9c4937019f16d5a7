// ANALYZE for the embedded PGlite. A PostgreSQL server's autovacuum launcher keeps planner statistics
// fresh; PGlite is one backend in single-user mode with no background workers, so nothing ever runs
// ANALYZE: every table keeps "never analyzed" estimates, and the planner scans where an index would do
// (full-text search over a heavy user's messages). This does autovacuum's analyze part, by its default
// rule, in process.
import { quoteIdent } from './connection';
import type { EmbeddedPglite } from './driver-adapter';
import { pgliteSessionLock } from './pglite-adapter';

/** How often the statistics are looked at (a cheap catalog query; the ANALYZE runs only when due). */
export const EMBEDDED_ANALYZE_INTERVAL_MS = 30_000;

/**
 * Tables whose statistics are stale by autovacuum's default rule (autovacuum_analyze_threshold 50 +
 * autovacuum_analyze_scale_factor 0.1 of the rows), or never gathered while the table has rows.
 */
const STALE_TABLES = `
  SELECT s.schemaname AS schema, s.relname AS name
  FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.n_mod_since_analyze > 50 + 0.1 * GREATEST(c.reltuples, 0)
     OR (c.reltuples < 0 AND s.n_live_tup > 0)
  ORDER BY 1, 2`;

/** ANALYZEs every stale table of every schema now; answers their names ("schema.table"). */
export async function analyzeStaleTables(pglite: EmbeddedPglite): Promise<string[]> {
  return pgliteSessionLock(pglite).runExclusive(async () => {
    // The backend flushes its table counters at most once a second (and PGlite has no idle timer to
    // flush the rest): flushed now, they count the latest writes.
    await pglite.query('SELECT pg_stat_force_next_flush()');
    const { rows } = await pglite.query<{ schema: string; name: string }>(STALE_TABLES);
    for (const t of rows) await pglite.exec(`ANALYZE ${quoteIdent(t.schema)}.${quoteIdent(t.name)}`);
    return rows.map((t) => `${t.schema}.${t.name}`);
  });
}

export interface KeepAnalyzedOptions {
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Runs analyzeStaleTables at once (after the migrations of a start, statistics of a database used
 * before) and then every `intervalMs` (after an import or a day of sends). Answers the function that
 * stops it, awaiting a pass under way.
 */
export function keepAnalyzed(pglite: EmbeddedPglite, options: KeepAnalyzedOptions = {}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    if (pglite.closed) return;
    running = analyzeStaleTables(pglite).catch((error: unknown) => options.onError?.(error));
  };
  pass();
  const timer = setInterval(pass, options.intervalMs ?? EMBEDDED_ANALYZE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
