import { authKey, defineService } from '@noek/service-kit';
import { loadTemplateConfig } from './config';
import { TEMPLATE_SCHEMA, openTemplateDatabase } from './database';
import { createTemplateService } from './service';

/** The template service for both run modes (its own process, or `npm start`'s single process). */
export const templateService = defineService({
  name: 'template',
  defaultPort: 4099,
  schema: TEMPLATE_SCHEMA,
  loadConfig: loadTemplateConfig,
  openDatabase: openTemplateDatabase,
  sessionGuard: (config) => ({
    publicKey: authKey('public', config.AUTH_PUBLIC_KEY, config.KEYS_DIR),
    authUrl: config.AUTH_URL,
  }),
  create: ({ guard, ...wiring }) =>
    createTemplateService({ ...wiring, guard, authenticate: guard.authenticate }),
});
