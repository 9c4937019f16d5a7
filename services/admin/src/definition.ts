import { outboxWakeups } from '@noek/db';
import { defineService } from '@noek/runtime';
import { authKey, createSessionGuard, OUTBOX_CHANNEL } from '@noek/service-kit';
import { loadAdminConfig } from './config';
import { ADMIN_SCHEMA, openAdminDatabase } from './database';
import { createAdminService } from './service';

/** The admin service for both run modes (its own process, or `npm start`'s single process). */
export const adminService = defineService({
  name: 'admin',
  defaultPort: 4004,
  async create({ env, database, bus, logger }) {
    const config = loadAdminConfig(env);
    const publicKey = authKey('public', config.AUTH_PUBLIC_KEY, config.KEYS_DIR);
    const privateKey = authKey('private', config.AUTH_PRIVATE_KEY, config.KEYS_DIR);
    const guard = createSessionGuard({ bus, publicKey, logger, authUrl: config.AUTH_URL });
    const target = database(ADMIN_SCHEMA);
    const db = await openAdminDatabase(target);
    const service = createAdminService({
      outboxWakeups: outboxWakeups(target, OUTBOX_CHANNEL),
      config,
      db,
      bus,
      logger,
      privateKey,
      authenticate: guard.authenticate,
    });
    return {
      app: service.app,
      start: async () => {
        await guard.start();
        await service.start();
      },
      stop: async () => {
        await guard.stop();
        await service.stop();
        await db.$disconnect();
      },
    };
  },
});
