// What the start scripts and tests use to run admin inside another process.
export { adminService } from './definition';
export { createAdminService, type AdminService, type AdminServiceDeps } from './service';
export { loadAdminConfig, adminEnvSchema, type AdminConfig } from './config';
export { openAdminDatabase, adminMigrationsDir, ADMIN_SCHEMA, type AdminDb } from './database';
