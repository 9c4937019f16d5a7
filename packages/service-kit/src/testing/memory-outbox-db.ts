import type { OutboxRow } from '../outbox/outbox-db';

interface State {
  outbox: OutboxRow[];
  processed: Map<string, Date>;
}

function uniqueError(target: string): Error {
  return Object.assign(new Error(`Unique constraint failed on ${target}`), { code: 'P2002' });
}

/**
 * An in-memory stand-in for the two Prisma models, with the same delegate calls and transaction
 * rollback (a snapshot restored on throw). For unit tests only: it has no concurrency control.
 */
type OutboxData = { id: string; subject: string; payload: object; createdAt?: Date };
type ProcessedKey = { consumer: string; eventId: string };
type OutboxUpdate = { sentAt: Date } | { attempts: { increment: number } };

export interface MemoryOutboxDb {
  outboxEvent: {
    create(args: { data: OutboxData }): Promise<OutboxRow>;
    findMany(args: { where: { sentAt: null }; take: number }): Promise<OutboxRow[]>;
    updateMany(args: { where: { id: string }; data: OutboxUpdate }): Promise<{ count: number }>;
  };
  processedEvent: {
    create(args: { data: ProcessedKey }): Promise<ProcessedKey>;
    findUnique(args: { where: { consumer_eventId: ProcessedKey } }): Promise<ProcessedKey | null>;
  };
  $transaction<R>(fn: (tx: MemoryOutboxDb) => Promise<R>): Promise<R>;
  rows(): OutboxRow[];
  processedCount(): number;
}

export function createMemoryOutboxDb(): MemoryOutboxDb {
  let state: State = { outbox: [], processed: new Map() };

  const client: MemoryOutboxDb = {
    outboxEvent: {
      async create({ data }) {
        if (state.outbox.some((r) => r.id === data.id)) throw uniqueError('id');
        const row: OutboxRow = {
          ...data,
          payload: structuredClone(data.payload),
          createdAt: data.createdAt ?? new Date(),
          sentAt: null,
          attempts: 0,
        };
        state.outbox.push(row);
        return row;
      },
      async findMany({ take }) {
        return state.outbox
          .filter((r) => r.sentAt === null)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
          .slice(0, take)
          .map((r) => ({ ...r }));
      },
      async updateMany({ where, data }) {
        const row = state.outbox.find((r) => r.id === where.id);
        if (!row) return { count: 0 };
        if ('sentAt' in data) row.sentAt = data.sentAt;
        else row.attempts += data.attempts.increment;
        return { count: 1 };
      },
    },
    processedEvent: {
      async create({ data }) {
        const key = `${data.consumer}\u0000${data.eventId}`;
        if (state.processed.has(key)) throw uniqueError('consumer,eventId');
        state.processed.set(key, new Date());
        return data;
      },
      async findUnique({ where }) {
        const { consumer, eventId } = where.consumer_eventId;
        return state.processed.has(`${consumer}\u0000${eventId}`) ? { consumer, eventId } : null;
      },
    },
    async $transaction(fn) {
      const snapshot: State = {
        outbox: state.outbox.map((r) => ({ ...r })),
        processed: new Map(state.processed),
      };
      try {
        return await fn(client);
      } catch (err) {
        state = snapshot;
        throw err;
      }
    },
    rows: () => state.outbox,
    processedCount: () => state.processed.size,
  };
  return client;
}
