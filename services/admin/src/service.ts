import { apiRoutes } from '@noek/contracts';
import { createOutboxRelay, createServiceApp, registerPlannedRoutes } from '@noek/service-kit';
import { defineService } from '@noek/runtime';
import { loadAdminConfig } from './config';
import { ADMIN_SCHEMA, openAdminDatabase } from './database';

/**
 * The admin service. Today it owns its schema (outbox, processed events) and answers the admin API of
 * spec §7 with 501 until the admin dashboard capability ships.
 */
export const adminService = defineService({
  name: 'admin',
  async create({ env, database, bus, logger }) {
    loadAdminConfig(env);
    const db = await openAdminDatabase(database(ADMIN_SCHEMA));
    const relay = createOutboxRelay({ db, bus, logger });
    const app = createServiceApp({
      name: 'admin',
      logger,
      readiness: {
        database: async () => {
          await db.$queryRawUnsafe('SELECT 1');
        },
        events: async () => {
          if (!bus.isHealthy()) throw new Error('event bus not connected');
        },
      },
      routes: (a) =>
        registerPlannedRoutes(a, Object.values(apiRoutes.admin), 'The admin dashboard is not available yet.'),
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
