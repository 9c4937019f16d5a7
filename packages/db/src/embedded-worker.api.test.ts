// npm start's PGlite on a worker thread of its own (embedded-worker.ts), reached through the PGlite-shaped
// handle (embedded-worker-client.ts): the services' schemas stay apart as on an in-thread PGlite, a
// transaction holds the session against the other schema's statements, errors and notifications cross
// the thread as PGlite's own, and the data outlives a close.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openEmbeddedPostgresWorker, outboxWakeups, type EmbeddedPglite } from './index';
import { adminMigrations, loadAdminClient, type AdminClient } from './test/helpers';
import { expectSchemasKeptApart } from './test/shared-pglite-scenario';

let dir: string;
let pglite: EmbeddedPglite;
let PrismaClient: typeof AdminClient;
let admin: AdminClient | undefined;
let other: AdminClient | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'noek-pglite-worker-'));
  [pglite, PrismaClient] = await Promise.all([
    openEmbeddedPostgresWorker(join(dir, 'db')),
    loadAdminClient(),
  ]);
  for (const schema of ['admin', 'svc_two'])
    await migrateDatabase({ target: { kind: 'pglite', pglite, schema }, migrationsDir: adminMigrations });
});
afterAll(async () => {
  await admin?.$disconnect();
  await other?.$disconnect();
  await pglite?.close();
  await rm(dir, { recursive: true, force: true });
});

const ids = async (client: AdminClient) => (await client.outboxEvent.findMany()).map((e) => e.id).sort();

describe('the embedded PGlite on its worker thread', () => {
  it('keeps generated queries, raw SQL and transactions of each schema apart', async () => {
    ({ admin, other } = await expectSchemasKeptApart(pglite, PrismaClient));
  });

  it("holds the session for a transaction: the other schema's statement waits, then lands in its own schema", async () => {
    const [a, o] = [admin!, other!];
    let otherDone = false;
    let otherInsert: Promise<unknown> | undefined;
    await expect(
      a.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(
          `INSERT INTO outbox_events (id, subject, payload) VALUES ('a3', 's', '{}')`,
        );
        otherInsert = o
          .$executeRawUnsafe(`INSERT INTO outbox_events (id, subject, payload) VALUES ('o2', 's', '{}')`)
          .then(() => (otherDone = true));
        // Round trips to the worker after the other statement was sent: it is there, waiting.
        for (let i = 0; i < 5; i++) {
          const [row] = await tx.$queryRawUnsafe<{ path: string }[]>(
            `SELECT current_setting('search_path') AS path`,
          );
          expect(row?.path).toBe('admin');
        }
        expect(otherDone).toBe(false);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await otherInsert;
    expect(await ids(a)).toEqual(['a1']);
    expect(await ids(o)).toEqual(['o1', 'o2']);
  });

  it("answers PostgreSQL's errors as PGlite's DatabaseError, and forwards notifications", async () => {
    const error: unknown = await pglite.query('SELECT 1 / 0').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({ code: '22012', severity: 'ERROR' });

    const woken: string[] = [];
    const stop = await outboxWakeups(
      { kind: 'pglite', pglite, schema: 'svc_two' },
      'noek_outbox',
    )(() => woken.push('svc_two'));
    await pglite.query(`SELECT pg_notify('noek_outbox', 'admin'), pg_notify('noek_outbox', 'svc_two')`);
    await expect.poll(() => woken).toEqual(['svc_two']);
    await stop();
  });

  it('keeps the data across a close and a reopen, and refuses calls once closed', async () => {
    await admin?.$disconnect();
    await other?.$disconnect();
    [admin, other] = [undefined, undefined];
    await pglite.close();
    expect(pglite.closed).toBe(true);
    await expect(pglite.query('SELECT 1')).rejects.toThrow('closed');

    pglite = await openEmbeddedPostgresWorker(join(dir, 'db'));
    const { rows } = await pglite.query<{ id: string }>('SELECT id FROM svc_two.outbox_events ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(['o1', 'o2']);
  });
});
