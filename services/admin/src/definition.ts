import { defineService } from '@noek/runtime';
import { loadAdminConfig } from './config';
import { ADMIN_SCHEMA, openAdminDatabase } from './database';
import { createAdminService } from './service';

/** The admin service for both run modes (its own process, or `npm start`'s single process). */
export const adminService = defineService({
  name: 'admin',
  defaultPort: 4004,
  async create({ env, database, bus, logger }) {
    const config = loadAdminConfig(env);
    const db = await openAdminDatabase(database(ADMIN_SCHEMA));
    const service = createAdminService({ config, db, bus, logger });
    return {
      app: service.app,
      start: () => service.start(),
      stop: async () => {
        await service.stop();
        await db.$disconnect();
      },
    };
  },
});
