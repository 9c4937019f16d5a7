import { apiRoutes } from '@noek/contracts';
import { definePlannedService } from '@noek/runtime';
import { loadAdminConfig } from './config';
import { ADMIN_SCHEMA, openAdminDatabase } from './database';

/**
 * The admin service. Today it owns its schema (outbox, processed events) and answers the admin API of
 * spec §7 with 501 until the admin dashboard capability ships.
 */
export const adminService = definePlannedService({
  name: 'admin',
  defaultPort: 4004,
  dbSchema: ADMIN_SCHEMA,
  loadConfig: loadAdminConfig,
  openDatabase: openAdminDatabase,
  routes: Object.values(apiRoutes.admin),
  message: 'The admin dashboard is not available yet.',
});
