import type { EventBus } from '../events/event-bus';
import {
  degradesOnly,
  tolerateFailures,
  type DegradingCheck,
  type ReadinessChecks,
  type ToleranceOptions,
} from './health';

/** What a service's readiness needs of its Prisma client: one round trip. */
export interface PingableDb {
  $queryRawUnsafe(query: string): Promise<unknown>;
}

/**
 * A database that stops answering (a stall, a failover) keeps an instance ready for 10 s: requests in
 * that time wait or get 503 with Retry-After, while taking every instance of every service out of
 * rotation at once would turn a short stall into a full outage. Each ping is bounded by 1.5 s (below
 * the 2 s readiness timeout).
 */
export const DATABASE_TOLERANCE: ToleranceOptions = { graceMs: 10_000, attemptTimeoutMs: 1_500 };

/**
 * The readiness every service shares (docs/deployment.md, "Readiness"): the database is required (every
 * request reads or writes it), with hysteresis (DATABASE_TOLERANCE), the event bus only degrades. Events are written to the outbox in the
 * request's transaction and published when NATS is back, and no service needs NATS to answer a request
 * (no request/reply over it), so an outage keeps every instance in rotation and shows as
 * `status: 'degraded'` and `noek_dependency_up{dependency="events"} 0`.
 */
export function standardReadiness(
  db: PingableDb,
  bus?: Pick<EventBus, 'isHealthy'>,
  tolerance: Partial<ToleranceOptions> = {},
): ReadinessChecks {
  const ping = async () => {
    await db.$queryRawUnsafe('SELECT 1');
  };
  return {
    database: tolerateFailures(ping, { ...DATABASE_TOLERANCE, ...tolerance }),
    ...(bus ? { events: eventBusCheck(bus) } : {}),
  };
}

/** The event bus as a dependency that only degrades: connected or not (in-memory state, no round trip). */
export function eventBusCheck(bus: Pick<EventBus, 'isHealthy'>): DegradingCheck {
  return degradesOnly(async () => {
    if (!bus.isHealthy()) throw new Error('event bus not connected');
  });
}
