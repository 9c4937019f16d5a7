import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineService } from '@noek/runtime';
import { requireUser } from '@noek/service-kit';
import { loadChatConfig, type ChatConfig } from './config';
import { CHAT_SCHEMA, openChatDatabase } from './database';
import { createChatService } from './service';

/** auth's public key: configured, or (single-machine mode, auth started first) the one auth generated. */
function authPublicKey(config: ChatConfig): string {
  return config.AUTH_PUBLIC_KEY ?? readFileSync(join(config.KEYS_DIR ?? '', 'auth-public.pem'), 'utf8');
}

/** The chat service for both run modes (its own process, or `npm start`'s single process). */
export const chatService = defineService({
  name: 'chat',
  defaultPort: 4002,
  async create({ env, database, bus, logger }) {
    const config = loadChatConfig(env);
    const publicKey = authPublicKey(config);
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
      stop: async () => {
        await service.stop();
        await db.$disconnect();
      },
    };
  },
});
