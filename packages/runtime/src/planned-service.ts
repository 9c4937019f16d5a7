import type { ApiRoute } from '@noek/contracts';
import { outboxWakeups, type DatabaseTarget } from '@noek/db';
import {
  createOutboxRelay,
  createServiceApp,
  OUTBOX_CHANNEL,
  registerPlannedRoutes,
  standardReadiness,
  type OutboxDb,
  type PingableDb,
} from '@noek/service-kit';
import { defineService, type Env, type ServiceDefinition } from './service-definition';

export interface PlannedServiceOptions {
  name: string;
  defaultPort: number;
  dbSchema: string;
  /** Parses the service's env (throws ConfigError naming bad variables). */
  loadConfig(env: Env): unknown;
  /** Migrates and opens the service's own database. */
  openDatabase(target: DatabaseTarget): Promise<OutboxDb & PingableDb & { $disconnect(): Promise<void> }>;
  /** The routes the contracts name for it, answered 501 until the capability ships. */
  routes: readonly ApiRoute[];
  message: string;
}

/**
 * A service whose capability has not shipped yet, run like any other: its own schema and migrations,
 * outbox relay, probes and metrics, and honest 501s on its planned routes.
 */
export function definePlannedService(o: PlannedServiceOptions): ServiceDefinition {
  return defineService({
    name: o.name,
    defaultPort: o.defaultPort,
    async create({ env, database, bus, logger }) {
      o.loadConfig(env);
      const target = database(o.dbSchema);
      const db = await o.openDatabase(target);
      const relay = createOutboxRelay({ db, bus, logger, wakeups: outboxWakeups(target, OUTBOX_CHANNEL) });
      const app = createServiceApp({
        name: o.name,
        logger,
        readiness: standardReadiness(db, bus),
        routes: (a) => registerPlannedRoutes(a, o.routes, o.message),
      });
      return {
        app,
        start: async () => relay.start(),
        stop: async () => {
          await relay.stop();
          await db.$disconnect();
        },
      };
    },
  });
}
