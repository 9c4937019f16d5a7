export { adminService } from './definition';
export { createAdminService, type AdminService, type AdminServiceDeps } from './service';
export { loadAdminConfig, adminEnvSchema, type AdminConfig } from './config';
export { ADMIN_SCHEMA, openAdminDatabase } from './database';
