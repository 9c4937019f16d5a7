import { authKey, defineService } from '@noek/service-kit';
import { loadAdminConfig } from './config';
import { ADMIN_SCHEMA, openAdminDatabase } from './database';
import { createAdminService } from './service';

/** The admin service for both run modes (its own process, or `npm start`'s single process). */
export const adminService = defineService({
  name: 'admin',
  defaultPort: 4004,
  schema: ADMIN_SCHEMA,
  loadConfig: loadAdminConfig,
  openDatabase: openAdminDatabase,
  sessionGuard: (config) => ({
    publicKey: authKey('public', config.AUTH_PUBLIC_KEY, config.KEYS_DIR),
    authUrl: config.AUTH_URL,
  }),
  create: ({ config, guard, ...wiring }) =>
    createAdminService({
      ...wiring,
      config,
      guard,
      authenticate: guard.authenticate,
      privateKey: authKey('private', config.AUTH_PRIVATE_KEY, config.KEYS_DIR),
    }),
});
