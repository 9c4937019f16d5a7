import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createMemoryPglite } from './memory-pglite';
import { outboxWakeups } from './outbox-wakeups';

const url = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const CHANNEL = 'noek_outbox_test';

/** Resolves on the next wake-up (the test's own timeout bounds it). */
function nextWake(waits: (() => void)[]): Promise<void> {
  return new Promise((resolve) => waits.push(resolve));
}

describe('outboxWakeups', () => {
  it('on PostgreSQL: a commit that notifies wakes the listener of that schema only, a rollback does not', async () => {
    const waits: (() => void)[] = [];
    let wakes = 0;
    const stop = await outboxWakeups(
      { kind: 'postgres', url, schema: 'chat' },
      CHANNEL,
    )(() => {
      wakes++;
      waits.shift()?.();
    });
    const client = new pg.Client({ connectionString: url });
    const other = new pg.Client({ connectionString: url });
    await Promise.all([client.connect(), other.connect()]);
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, 'chat']);
      // Another session's notification, committed while this one is open, is the only wake-up so far.
      const sentinel = nextWake(waits);
      await other.query('SELECT pg_notify($1, $2)', [CHANNEL, 'chat']);
      await sentinel;
      expect(wakes).toBe(1); // not before the commit
      const woken = nextWake(waits);
      await client.query('COMMIT');
      await woken;
      expect(wakes).toBe(2);
      await client.query('BEGIN');
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, 'chat']);
      await client.query('ROLLBACK');
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, 'auth']);
      // Notifications arrive in commit order: once a later one is in, the two above would have been.
      const last = nextWake(waits);
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, 'chat']);
      await last;
      expect(wakes).toBe(3);
    } finally {
      await Promise.all([client.end(), other.end()]);
      await stop();
    }
  });

  it('on the embedded PGlite, in process', async () => {
    const pglite = await createMemoryPglite();
    const waits: (() => void)[] = [];
    const stop = await outboxWakeups(
      { kind: 'pglite', pglite, schema: 'auth' },
      CHANNEL,
    )(() => waits.shift()?.());
    try {
      const woken = nextWake(waits);
      await pglite.transaction(async (tx) => {
        await tx.query('SELECT pg_notify($1, $2)', [CHANNEL, 'auth']);
      });
      await woken;
    } finally {
      await stop();
      await pglite.close();
    }
  }, 120_000); // starting PGlite (WebAssembly) alone can take tens of seconds on a loaded machine
});
