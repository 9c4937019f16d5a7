import { defineService } from '@noek/runtime';
import { authKey, requireUser } from '@noek/service-kit';
import { loadChatConfig } from './config';
import { CHAT_SCHEMA, openChatDatabase } from './database';
import { createChatService } from './service';

/** The chat service for both run modes (its own process, or `npm start`'s single process). */
export const chatService = defineService({
  name: 'chat',
  defaultPort: 4002,
  async create({ env, database, bus, logger }) {
    const config = loadChatConfig(env);
    const publicKey = authKey('public', config.AUTH_PUBLIC_KEY, config.KEYS_DIR);
    const db = await openChatDatabase(database(CHAT_SCHEMA));
    const service = createChatService({
      config,
      db,
      bus,
      logger,
      authenticate: requireUser({ publicKey }),
      servicePublicKey: publicKey,
    });
    return {
      app: service.app,
      start: () => service.start(),
      drain: (ms) => service.drain(ms),
      stop: async () => {
        await service.stop();
        await db.$disconnect();
      },
    };
  },
});
