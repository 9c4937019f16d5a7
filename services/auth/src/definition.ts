import { createOutboxRelay } from '@noek/service-kit';
import { defineService } from '@noek/runtime';
import { loadAuthConfig } from './config';
import { AUTH_SCHEMA, openAuthDatabase } from './database';
import { resolveSigningKeys } from './keys';
import { createAuthService } from './service';

/**
 * The auth service for both run modes: its main.ts runs it alone (real PostgreSQL and NATS), and
 * `npm start` runs it in one process with the others (embedded PostgreSQL, in-process bus).
 */
export const authService = defineService({
  name: 'auth',
  async create({ env, database, bus, logger }) {
    const config = loadAuthConfig(env);
    const keys = resolveSigningKeys(config);
    const db = await openAuthDatabase(database(AUTH_SCHEMA));
    const relay = createOutboxRelay({ db, bus, logger });
    const service = createAuthService({ config, db, keys, logger, busHealthy: () => bus.isHealthy() });
    if (service.devMailboxPath) {
      logger.info({ url: `${config.APP_ORIGIN}${service.devMailboxPath}` }, 'dev mailbox (no SMTP_URL)');
    }
    return {
      app: service.app,
      start: async () => {
        await service.start();
        relay.start();
      },
      stop: async () => {
        await relay.stop();
        await service.stop();
        await db.$disconnect();
      },
    };
  },
});
