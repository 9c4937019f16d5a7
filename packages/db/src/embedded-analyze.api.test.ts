// analyzeStaleTables / keepAnalyzed: the embedded PGlite gets the statistics autovacuum would keep.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeStaleTables, createMemoryPglite, keepAnalyzed } from './index';

let pglite: PGlite;
beforeAll(async () => {
  pglite = await createMemoryPglite();
  await pglite.exec(`
    CREATE SCHEMA chat;
    CREATE TABLE chat.notes (id serial PRIMARY KEY, body text);
    CREATE TABLE chat.empty (id serial PRIMARY KEY);`);
});
afterAll(() => pglite?.close());

/** The planner's row estimate of a table: -1 until it was ever analyzed. */
async function estimate(table: string): Promise<number> {
  const { rows } = await pglite.query<{ n: number }>(
    `SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass`,
    [table],
  );
  return rows[0]!.n;
}

const insert = (n: number) =>
  pglite.exec(`INSERT INTO chat.notes (body) SELECT 'note ' || g FROM generate_series(1, ${n}) g`);

describe('embedded ANALYZE', { timeout: 60_000 }, () => {
  it('analyzes tables with rows never analyzed, then only those changed past autovacuum’s rule', async () => {
    await insert(1_000);
    expect(await estimate('chat.notes')).toBe(-1);
    expect(await analyzeStaleTables(pglite)).toEqual(['chat.notes']);
    expect(await estimate('chat.notes')).toBe(1_000);
    // Fresh statistics: nothing to do; a few writes (under 50 + 10 %) are not worth a pass.
    expect(await analyzeStaleTables(pglite)).toEqual([]);
    await insert(100);
    expect(await analyzeStaleTables(pglite)).toEqual([]);
    // An import's worth of rows: analyzed again.
    await insert(5_000);
    expect(await analyzeStaleTables(pglite)).toEqual(['chat.notes']);
    expect(await estimate('chat.notes')).toBe(6_100);
  });

  it('keepAnalyzed runs a pass at once and then on its interval, until stopped', async () => {
    await insert(10_000);
    const errors: unknown[] = [];
    const stop = keepAnalyzed(pglite, { intervalMs: 50, onError: (e) => errors.push(e) });
    await expect.poll(() => estimate('chat.notes'), { timeout: 10_000 }).toBe(16_100);
    await insert(10_000);
    await expect.poll(() => estimate('chat.notes'), { timeout: 10_000 }).toBe(26_100);
    await stop();
    await insert(40_000);
    expect(await analyzeStaleTables(pglite)).toEqual(['chat.notes']);
    expect(errors).toEqual([]);
  });
});
