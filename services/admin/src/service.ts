import {
  createOutboxRelay,
  createServiceApp,
  standardReadiness,
  type EventBus,
  type Logger,
} from '@noek/service-kit';
import type { AdminConfig } from './config';
import type { AdminContext } from './context';
import type { AdminDb } from './database';
import { registerUsersRoutes } from './features/users/users.routes';

export interface AdminServiceDeps {
  config: AdminConfig;
  db: AdminDb;
  bus: EventBus;
  logger: Logger;
}

/**
 * THE one place admin's dependencies are wired. Today it owns its schema (outbox, processed events) and
 * answers the routes of contracts' apiRoutes.admin with 501 until the capability ships.
 */
export function createAdminService(deps: AdminServiceDeps) {
  const { db, bus, logger } = deps;
  const relay = createOutboxRelay({ db, bus, logger });
  const ctx: AdminContext = {
    notAvailableMessage: 'The admin dashboard is not available yet.',
    now: () => new Date(),
    logger,
  };
  const app = createServiceApp({
    name: 'admin',
    logger,
    readiness: standardReadiness(db, bus),
    routes: (a) => registerUsersRoutes(a, ctx),
  });
  return {
    app,
    ctx,
    start: async () => relay.start(),
    stop: async () => relay.stop(),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
