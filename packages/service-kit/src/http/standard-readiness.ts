import type { EventBus } from '../events/event-bus';
import type { ReadinessChecks } from './health';

/** What a service's readiness needs of its Prisma client: one round trip. */
export interface PingableDb {
  $queryRawUnsafe(query: string): Promise<unknown>;
}

/** The readiness every service shares: its database answers and its event bus is connected. */
export function standardReadiness(db: PingableDb, bus: Pick<EventBus, 'isHealthy'>): ReadinessChecks {
  return {
    database: async () => {
      await db.$queryRawUnsafe('SELECT 1');
    },
    events: async () => {
      if (!bus.isHealthy()) throw new Error('event bus not connected');
    },
  };
}
