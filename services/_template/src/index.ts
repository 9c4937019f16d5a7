// What the start scripts and tests use to run template inside another process.
export { templateService } from './definition';
export { createTemplateService, type TemplateService, type TemplateServiceDeps } from './service';
export { loadTemplateConfig, templateEnvSchema, type TemplateConfig } from './config';
export { openTemplateDatabase, templateMigrationsDir, TEMPLATE_SCHEMA, type TemplateDb } from './database';
