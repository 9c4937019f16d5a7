import type { Express } from 'express';
import type { Logger } from 'pino';
import type { EventBus } from '../events/event-bus';
import type { RevocationChange } from '../auth/revocation-list';
import type { SessionGuard } from '../auth/session-guard';
import { createOutboxRelay, type OutboxWakeups } from '../outbox/outbox-relay';
import type { OutboxDb } from '../outbox/outbox-db';
import { startConsumer, type ConsumerDefinition, type ConsumerRetry, type RunningConsumer } from './consumer';

/** What a service builds from its repositories and use cases; the kit runs the rest. */
export interface ServiceParts<Ctx> {
  app: Express;
  /** What its use cases receive (tests reach repositories and settings through it). */
  ctx: Ctx;
  /** Its durable consumers: started, retried and stopped by the kit, all the same way. */
  consumers?: ConsumerDefinition[];
  /** Its own background work (timers, sweeps); runs after the session guard started. */
  start?(): Promise<void> | void;
  /**
   * First on shutdown, readiness already failing and the server still serving: finish work in flight
   * within `ms` (chat: replies end with their final events, so no stream is cut when the server closes).
   */
  drain?(ms: number): Promise<void>;
  /** Stops its own background work; runs before the consumers and the outbox relay stop. */
  stop?(): Promise<void> | void;
  /** Each revocation this process hears (chat ends the streams and replies it holds for it). */
  onRevoked?(change: RevocationChange): void;
  /** The users with something open here: swept with auth while the revocation feed is stale. */
  activeUsers?(): Iterable<string>;
}

/** What every service's wiring receives, whichever mode runs it (definition.ts, or a test harness). */
export interface ServiceWiring {
  db: OutboxDb;
  bus: EventBus;
  logger: Logger;
  /** Commits that wrote outbox rows, in any process, wake the relay (@noek/db's outboxWakeups). */
  outboxWakeups?: OutboxWakeups;
  /** The session guard whose `authenticate` is in front of the routes; the kit starts and stops it. */
  guard?: Pick<SessionGuard, 'start' | 'stop'>;
  /** Retry of a failed subscribe (tests shorten it). */
  consumerRetry?: ConsumerRetry;
}

/** Handed to the service's build: what its context needs from the kit. */
export interface ServiceKit {
  /** Call after a commit that wrote an outbox row: the relay flushes without waiting for its poll. */
  afterPublish: () => void;
}

export interface AssembledService<Ctx> {
  name: string;
  app: Express;
  ctx: Ctx;
  /** Session guard, the service's own start, consumers (in the background), the outbox relay. */
  start(): Promise<void>;
  /** Resolves once every consumer subscribed (tests wait on it; start-up never does). */
  consumersReady(): Promise<void>;
  drain(ms: number): Promise<void>;
  /**
   * The one stop order: the guard, the service's own work, consumers, the relay, then a final flush
   * of the outbox (events written by work that ended during the shutdown leave now, not at the next start).
   */
  stop(): Promise<void>;
  /** Publishes every unsent outbox row now; resolves with how many. */
  flushOutbox(): Promise<number>;
}

/**
 * The one way a service is put together: the outbox relay and its wake-ups, the session guard, the
 * consumers, drain and the stop order are the same for every service; each one supplies its parts.
 */
export function assembleService<Ctx>(
  name: string,
  wiring: ServiceWiring,
  build: (kit: ServiceKit) => ServiceParts<Ctx>,
): AssembledService<Ctx> {
  const { db, bus, logger } = wiring;
  const relay = createOutboxRelay({ db, bus, logger, wakeups: wiring.outboxWakeups });
  const parts = build({ afterPublish: () => relay.wake() });
  let consumers: RunningConsumer[] = [];
  return {
    name,
    app: parts.app,
    ctx: parts.ctx,
    async start() {
      await wiring.guard?.start({
        onChange: parts.onRevoked && ((change) => parts.onRevoked!(change)),
        activeUsers: parts.activeUsers && (() => parts.activeUsers!()),
      });
      await parts.start?.();
      consumers = (parts.consumers ?? []).map((c) => startConsumer(c, logger, wiring.consumerRetry));
      relay.start();
    },
    async consumersReady() {
      await Promise.all(consumers.map((c) => c.ready));
    },
    async drain(ms) {
      await parts.drain?.(ms);
    },
    async stop() {
      await wiring.guard?.stop();
      await parts.stop?.();
      for (const c of consumers) await c.stop();
      await relay.stop();
      await relay
        .flush()
        .catch((err: unknown) =>
          logger.warn({ err }, 'final outbox flush failed: the rows leave at the next start'),
        );
    },
    flushOutbox: () => relay.flush(),
  };
}
