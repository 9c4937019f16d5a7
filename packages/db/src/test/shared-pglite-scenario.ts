// One scenario for both ways the single-process mode may hold its PGlite (in this thread, or on a
// worker thread behind embedded-worker-client.ts): two service schemas on one PGlite session, each
// seeing only its own rows through generated queries, unqualified raw SQL and transactions.
import { expect } from 'vitest';
import { checkReady, createDriverAdapter, type EmbeddedPglite } from '../index';
import type { AdminClient } from './helpers';

/** Runs on `pglite` where the admin migrations are applied in schemas `admin` and `svc_two`. */
export async function expectSchemasKeptApart(
  pglite: EmbeddedPglite,
  PrismaClient: typeof AdminClient,
): Promise<{ admin: AdminClient; other: AdminClient }> {
  const admin = new PrismaClient({
    adapter: createDriverAdapter({ kind: 'pglite', pglite, schema: 'admin' }),
  });
  const other = new PrismaClient({
    adapter: createDriverAdapter({ kind: 'pglite', pglite, schema: 'svc_two' }),
  });
  await admin.outboxEvent.create({ data: { id: 'a1', subject: 's', payload: { n: 1 } } });
  expect((await admin.outboxEvent.findUnique({ where: { id: 'a1' } }))?.payload).toEqual({ n: 1 });
  expect(await other.outboxEvent.count()).toBe(0);

  // Interleaved unqualified raw SQL from both clients must each hit their own schema.
  const count = (c: AdminClient) =>
    c.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM outbox_events').then((r) => r[0]?.n);
  const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => count(i % 2 ? other : admin)));
  expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? 0 : 1)));

  await other.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`INSERT INTO outbox_events (id, subject, payload) VALUES ('o1', 's', '{}')`);
    await tx.processedEvent.create({ data: { consumer: 'c', eventId: 'o1' } });
  });
  await expect(
    admin.$transaction(async (tx) => {
      await tx.outboxEvent.create({ data: { id: 'a2', subject: 's', payload: {} } });
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect((await admin.outboxEvent.findMany()).map((e) => e.id)).toEqual(['a1']);
  expect((await other.outboxEvent.findMany()).map((e) => e.id)).toEqual(['o1']);
  expect(await count(admin)).toBe(1);
  await expect(other.processedEvent.create({ data: { consumer: 'c', eventId: 'o1' } })).rejects.toMatchObject(
    {
      code: 'P2002',
    },
  );
  expect(await checkReady(admin)).toMatchObject({ ok: true });
  return { admin, other };
}
