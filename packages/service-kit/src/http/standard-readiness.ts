import type { EventBus } from '../events/event-bus';
import { degradesOnly, type DegradingCheck, type ReadinessChecks } from './health';

/** What a service's readiness needs of its Prisma client: one round trip. */
export interface PingableDb {
  $queryRawUnsafe(query: string): Promise<unknown>;
}

/**
 * The readiness every service shares (docs/deployment.md, "Readiness"): the database is required (every
 * request reads or writes it), the event bus only degrades. Events are written to the outbox in the
 * request's transaction and published when NATS is back, and no service needs NATS to answer a request
 * (no request/reply over it), so an outage keeps every instance in rotation and shows as
 * `status: 'degraded'` and `noek_dependency_up{dependency="events"} 0`.
 */
export function standardReadiness(db: PingableDb, bus?: Pick<EventBus, 'isHealthy'>): ReadinessChecks {
  return {
    database: async () => {
      await db.$queryRawUnsafe('SELECT 1');
    },
    ...(bus ? { events: eventBusCheck(bus) } : {}),
  };
}

/** The event bus as a dependency that only degrades: connected or not (in-memory state, no round trip). */
export function eventBusCheck(bus: Pick<EventBus, 'isHealthy'>): DegradingCheck {
  return degradesOnly(async () => {
    if (!bus.isHealthy()) throw new Error('event bus not connected');
  });
}
