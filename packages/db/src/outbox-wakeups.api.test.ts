import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createMemoryPglite } from './memory-pglite';
import { outboxWakeups } from './outbox-wakeups';

const url = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const CHANNEL = 'noek_outbox_test';

/** Resolves on the next wake-up, or rejects after `ms`. */
function nextWake(waits: (() => void)[], ms = 2_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no wake-up')), ms);
    waits.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
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
    await client.connect();
    try {
      const woken = nextWake(waits);
      await client.query('BEGIN');
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, 'chat']);
      await new Promise((r) => setTimeout(r, 100));
      expect(wakes).toBe(0); // not before the commit
      await client.query('COMMIT');
      await woken;
      await client.query('BEGIN');
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, 'chat']);
      await client.query('ROLLBACK');
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, 'auth']);
      await new Promise((r) => setTimeout(r, 200));
      expect(wakes).toBe(1);
    } finally {
      await client.end();
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
  });
});
