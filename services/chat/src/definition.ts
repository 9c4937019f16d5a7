import { outboxWakeups } from '@noek/db';
import { defineService } from '@noek/runtime';
import { authKey, createSessionGuard, OUTBOX_CHANNEL } from '@noek/service-kit';
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
    const guard = createSessionGuard({ bus, publicKey, logger, authUrl: config.AUTH_URL });
    const target = database(CHAT_SCHEMA);
    const db = await openChatDatabase(target);
    const service = createChatService({
      outboxWakeups: outboxWakeups(target, OUTBOX_CHANNEL),
      config,
      db,
      bus,
      logger,
      authenticate: guard.authenticate,
      revocations: guard.revocations,
      servicePublicKey: publicKey,
    });
    return {
      app: service.app,
      start: async () => {
        // Each replica ends the streams and stops the replies it holds as soon as it hears of a revocation.
        await guard.start({
          onChange: (change) => service.onRevoked(change),
          activeUsers: () => service.registry.activeUserIds(),
        });
        await service.start();
      },
      drain: (ms) => service.drain(ms),
      stop: async () => {
        await guard.stop();
        await service.stop();
        await db.$disconnect();
      },
    };
  },
});
