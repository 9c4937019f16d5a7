import type { EventEnvelope } from '@noek/contracts';
import type { Logger } from 'pino';
import type { EventBus } from '../events/event-bus';
import type { OutboxDb, OutboxRow } from './outbox-db';

export interface OutboxRelayOptions {
  db: OutboxDb;
  bus: EventBus;
  logger: Logger;
  /** Poll interval; default 500 ms. Call flush() after a commit for lower latency. */
  intervalMs?: number;
  batchSize?: number;
  /**
   * Calls `wake` whenever a commit wrote outbox rows (any process, any replica): the relay flushes at
   * once and the poll is only the fallback. Answers the function that stops listening.
   */
  wakeups?: OutboxWakeups;
}

export type OutboxWakeups = (wake: () => void) => Promise<() => Promise<void>>;

export interface OutboxRelay {
  start(): void;
  /** Stops polling and waits for a flush in progress. */
  stop(): Promise<void>;
  /** Publishes every unsent row now, oldest first; resolves with how many were published. */
  flush(): Promise<number>;
  /** After a commit that wrote rows: one flush soon, however many commits ask (no-op until started). */
  wake(): void;
}

/**
 * Publishes outbox rows in order and marks them sent. If the process dies between publish and
 * mark-sent, the row is published again on restart and JetStream drops it (same Nats-Msg-Id within the
 * duplicate window); consumers are idempotent anyway. Several replicas may run a relay: same reasoning.
 */
export function createOutboxRelay({
  db,
  bus,
  logger,
  intervalMs = 500,
  batchSize = 100,
  wakeups,
}: OutboxRelayOptions): OutboxRelay {
  const log = logger.child({ component: 'outbox-relay' });
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const publishRow = async (row: OutboxRow): Promise<boolean> => {
    try {
      await bus.publish(row.payload as EventEnvelope, { subject: row.subject, msgId: row.id });
    } catch (err) {
      log.warn({ err, eventId: row.id, attempts: row.attempts + 1 }, 'outbox publish failed, will retry');
      await db.outboxEvent.updateMany({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
      return false;
    }
    await db.outboxEvent.updateMany({ where: { id: row.id }, data: { sentAt: new Date() } });
    return true;
  };

  const flushOnce = async (): Promise<number> => {
    let published = 0;
    for (;;) {
      const rows = await db.outboxEvent.findMany({
        where: { sentAt: null },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: batchSize,
      });
      for (const row of rows) {
        // Stop at the first failure so events leave in the order they were written.
        if (!(await publishRow(row))) return published;
        published += 1;
      }
      if (rows.length < batchSize) return published;
    }
  };

  // One flush at a time: a flush() during a flush runs right after it, catching rows written meanwhile.
  let chain: Promise<unknown> = Promise.resolve();
  const flush = (): Promise<number> => {
    const run = chain.then(flushOnce);
    chain = run.catch(() => undefined);
    return run;
  };

  const tick = async () => {
    if (!running) return;
    try {
      await flush();
    } catch (err) {
      log.error({ err }, 'outbox flush failed');
    }
    if (running) timer = setTimeout(tick, intervalMs);
  };

  // A burst of commits wakes one flush (plus one after it, for rows written meanwhile).
  let queued = false;
  const wake = () => {
    if (!running || queued) return;
    queued = true;
    void chain.then(() => {
      queued = false;
      return flush().catch((err: unknown) => log.warn({ err }, 'outbox flush on wake-up failed'));
    });
  };
  let stopListening: (() => Promise<void>) | undefined;

  return {
    start() {
      if (running) return;
      running = true;
      timer = setTimeout(tick, 0);
      wakeups?.(wake).then(
        (stop) => (running ? (stopListening = stop) : void stop()),
        (err: unknown) => log.warn({ err }, 'outbox wake-ups unavailable: polling only'),
      );
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await stopListening?.();
      await chain;
    },
    flush,
    wake,
  };
}
