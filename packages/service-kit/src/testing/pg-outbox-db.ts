import pg from 'pg';
import type { OutboxRow } from '../outbox/outbox-db';

/**
 * The outbox and processed-event tables as Prisma creates them from prisma-snippet.prisma, in a
 * throwaway schema, behind the same delegate calls a generated client offers. Lets the api tests show
 * real transactions and the unique-violation race without running Prisma generate.
 */
export const SNIPPET_DDL = `
CREATE TABLE outbox_events (
  id text PRIMARY KEY,
  subject text NOT NULL,
  payload jsonb NOT NULL,
  "createdAt" timestamp(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "sentAt" timestamp(3),
  attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX outbox_events_sentAt_createdAt_idx ON outbox_events ("sentAt", "createdAt");
CREATE TABLE processed_events (
  consumer text NOT NULL,
  "eventId" text NOT NULL,
  "processedAt" timestamp(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (consumer, "eventId")
);
CREATE TABLE effects (id serial PRIMARY KEY, note text NOT NULL UNIQUE);
`;

type Queryable = Pick<pg.PoolClient, 'query'>;

function delegates(q: Queryable) {
  return {
    outboxEvent: {
      async create({ data }: { data: { id: string; subject: string; payload: object; createdAt?: Date } }) {
        await q.query(
          'INSERT INTO outbox_events (id, subject, payload, "createdAt") VALUES ($1, $2, $3, COALESCE($4, CURRENT_TIMESTAMP))',
          [data.id, data.subject, JSON.stringify(data.payload), data.createdAt ?? null],
        );
      },
      async findMany({ take }: { where: { sentAt: null }; take: number }): Promise<OutboxRow[]> {
        const { rows } = await q.query<OutboxRow>(
          'SELECT id, subject, payload, "createdAt", "sentAt", attempts FROM outbox_events WHERE "sentAt" IS NULL ORDER BY "createdAt", id LIMIT $1',
          [take],
        );
        return rows;
      },
      async updateMany({
        where,
        data,
      }: {
        where: { id: string };
        data: { sentAt: Date } | { attempts: { increment: number } };
      }) {
        if ('sentAt' in data)
          await q.query('UPDATE outbox_events SET "sentAt" = $2 WHERE id = $1', [where.id, data.sentAt]);
        else
          await q.query('UPDATE outbox_events SET attempts = attempts + $2 WHERE id = $1', [
            where.id,
            data.attempts.increment,
          ]);
      },
    },
    processedEvent: {
      async create({ data }: { data: { consumer: string; eventId: string } }) {
        await q.query('INSERT INTO processed_events (consumer, "eventId") VALUES ($1, $2)', [
          data.consumer,
          data.eventId,
        ]);
      },
      async findUnique({ where }: { where: { consumer_eventId: { consumer: string; eventId: string } } }) {
        const { consumer, eventId } = where.consumer_eventId;
        const { rows } = await q.query(
          'SELECT 1 FROM processed_events WHERE consumer = $1 AND "eventId" = $2',
          [consumer, eventId],
        );
        return rows[0] ?? null;
      },
    },
    /** Raw SQL for test effects. */
    query: (text: string, values?: unknown[]) => q.query(text, values),
  };
}

export type PgTx = ReturnType<typeof delegates>;

export async function createPgOutboxDb(connectionString: string, schema: string) {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.query(`SET search_path TO "${schema}"`);
  await admin.query(SNIPPET_DDL);
  await admin.end();
  const pool = new pg.Pool({ connectionString, options: `-c search_path="${schema}"`, max: 6 });
  return {
    ...delegates(pool),
    async $transaction<R>(fn: (tx: PgTx) => Promise<R>): Promise<R> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(delegates(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    },
  };
}
