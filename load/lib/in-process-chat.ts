// The chat service started inside a bench process on a loopback port, in front of a database the bench
// seeded, with an ES256 access token for one user: benches time its HTTP answers without a gateway.
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import {
  captureLogger,
  createInProcessEventBus,
  listenForTest,
  requireUser,
  es256KeyPair,
} from '@noek/service-kit';
import type { ChatDb } from '../../services/chat/src/database';
import { cpuSeconds } from './proc-cpu';
import { createOfflineResponder } from '../../services/chat/src/features/model/offline-responder';
import { createChatService, type ChatServiceConfig } from '../../services/chat/src/service';

const config: ChatServiceConfig = {
  OPENAI_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
  OPENAI_MODEL: 'offline',
  MODEL_REQUEST_TIMEOUT_MS: 10_000,
  MODEL_IDLE_TIMEOUT_MS: 10_000,
  MODEL_MAX_RETRIES: 0,
  REPLY_FLUSH_INTERVAL_MS: 100,
  REPLY_LEASE_MS: 30_000,
  REPLY_OUTAGE_BUDGET_MS: 60_000,
  OFFLINE_WORD_DELAY_MS: 0,
  PROMPT_HISTORY_MESSAGES: 30,
  MODEL_TITLES: 'off',
  MODEL_PROVIDERS: [],
  OLLAMA_URL: 'off',
  MODEL_REFRESH_INTERVAL_MS: 60_000,
  MODEL_LIST_TIMEOUT_MS: 1_000,
  MODEL_DEFAULT_CONTEXT_TOKENS: 8_192,
  MAX_LIVE_REPLIES_PER_USER: 3,
};

export interface InProcessChat {
  url: string;
  /** The user's access cookie. */
  headers: Record<string, string>;
  stop(): Promise<void>;
}

export async function startInProcessChat(db: ChatDb, userId: string): Promise<InProcessChat> {
  const { publicKey, privateKey } = es256KeyPair();
  const { logger } = captureLogger();
  const service = createChatService({
    config,
    db,
    bus: createInProcessEventBus(),
    logger,
    authenticate: requireUser({ publicKey }),
    provider: createOfflineResponder(0),
  });
  await service.start();
  const server = await listenForTest(service.app);
  const token = jwt.sign(
    { sub: userId, lvl: 'basic', typ: 'access', jti: randomUUID(), iat: Math.floor(Date.now() / 1000) },
    privateKey,
    { algorithm: 'ES256', expiresIn: '1h' },
  );
  return {
    url: server.url,
    headers: { cookie: `noek_access=${token}` },
    async stop() {
      await service.stop();
      await server.close(100);
    },
  };
}

export { recreateDatabase } from '@noek/db';

/**
 * CPU seconds used so far by this process (the service, the bench's client and, in pglite mode, the
 * database) plus, in postgres mode, the server processes serving the database: a request's cost that
 * barely moves with other work on the machine, unlike its latency.
 */
export async function chatCpuSeconds(mode: string, db: ChatDb): Promise<number> {
  const own = process.cpuUsage();
  let server = 0;
  if (mode === 'postgres') {
    const pids = await db.$queryRawUnsafe<{ pid: number }[]>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
    );
    for (const { pid } of pids) server += cpuSeconds(pid) || 0;
  }
  return (own.user + own.system) / 1e6 + server;
}
