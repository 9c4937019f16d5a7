import { authKey, defineService } from '@noek/service-kit';
import { loadChatConfig } from './config';
import { CHAT_SCHEMA, openChatDatabase } from './database';
import { createChatService } from './service';

/** The chat service for both run modes (its own process, or `npm start`'s single process). */
export const chatService = defineService({
  name: 'chat',
  defaultPort: 4002,
  schema: CHAT_SCHEMA,
  loadConfig: loadChatConfig,
  openDatabase: openChatDatabase,
  sessionGuard: (config) => ({
    publicKey: authKey('public', config.AUTH_PUBLIC_KEY, config.KEYS_DIR),
    authUrl: config.AUTH_URL,
  }),
  create: ({ config, guard, ...wiring }) =>
    createChatService({
      ...wiring,
      config,
      guard,
      authenticate: guard.authenticate,
      revocations: guard.revocations,
      servicePublicKey: authKey('public', config.AUTH_PUBLIC_KEY, config.KEYS_DIR),
    }),
});
