import type { RequestHandler } from 'express';
import {
  createOutboxRelay,
  createServiceApp,
  type EventBus,
  type Logger,
  type OutboxRelay,
  type Subscription,
} from '@noek/service-kit';
import type { ChatContext } from './chat-context';
import type { ChatConfig } from './config';
import type { ChatDb } from './db/chat-db';
import { toMessage } from './features/conversations/conversation.mapper';
import { createConversationsRepository } from './features/conversations/conversations.repository';
import { registerConversationRoutes } from './features/conversations/conversations.routes';
import { createMessagesRepository } from './features/messages/messages.repository';
import { registerMessageRoutes } from './features/messages/messages.routes';
import { createSendRepository } from './features/messages/send.repository';
import { registerUsageRoutes } from './features/usage/usage.routes';
import type { ModelProvider } from './features/model/model.types';
import { createOfflineResponder } from './features/model/offline-responder';
import { createOpenAiProvider } from './features/model/openai-provider';
import { ReplyRegistry } from './features/replies/reply-registry';
import { subscribeAuthUsers } from './features/users/auth-user.consumer';
import { createChatUsersRepository } from './features/users/chat-users.repository';

export type ChatServiceConfig = Pick<
  ChatConfig,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_MODEL'
  | 'MODEL_REQUEST_TIMEOUT_MS'
  | 'MODEL_IDLE_TIMEOUT_MS'
  | 'MODEL_MAX_RETRIES'
  | 'REPLY_FLUSH_INTERVAL_MS'
  | 'OFFLINE_WORD_DELAY_MS'
  | 'PROMPT_HISTORY_MESSAGES'
  | 'MAX_LIVE_REPLIES_PER_USER'
>;

export interface ChatServiceDeps {
  config: ChatServiceConfig;
  db: ChatDb;
  bus: EventBus;
  logger: Logger;
  /** Sets req.user from the access token or answers 401 (service-kit's requireUser). */
  authenticate: RequestHandler;
  /** Overrides the provider chosen from config (tests). */
  provider?: ModelProvider;
  /** Durable consumer name for auth's user events (unique per test run). */
  authDurable?: string;
}

/** The model from config: the openai SDK when a key is set, else the labelled offline responder. */
export function providerFromConfig(config: ChatServiceConfig): ModelProvider {
  if (!config.OPENAI_API_KEY) return createOfflineResponder(config.OFFLINE_WORD_DELAY_MS);
  return createOpenAiProvider({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    requestTimeoutMs: config.MODEL_REQUEST_TIMEOUT_MS,
    idleTimeoutMs: config.MODEL_IDLE_TIMEOUT_MS,
    maxRetries: config.MODEL_MAX_RETRIES,
  });
}

/** Runs `fn` at most once per `ms`, however often it is asked (one outbox flush for a burst of sends). */
function coalesce(ms: number, fn: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
    timer.unref();
  };
}

/** Replies older than this and still `streaming` at start belong to a process that died. */
const STALE_STREAMING_MS = 30_000;

export function createService(deps: ChatServiceDeps) {
  const { db, bus, logger, config } = deps;
  const messages = createMessagesRepository(db);
  const relay: OutboxRelay = createOutboxRelay({ db, bus, logger });
  const registry = new ReplyRegistry({
    flushIntervalMs: config.REPLY_FLUSH_INTERVAL_MS,
    store: {
      saveProgress: (id, content) => messages.saveProgress(id, content),
      finish: async (id, outcome) => toMessage(await messages.finish(id, outcome.content, outcome.status)),
    },
    onError: (err, context) => logger.error({ err, context }, 'reply error'),
  });
  const ctx: ChatContext = {
    db,
    conversations: createConversationsRepository(db),
    messages,
    send: createSendRepository(db),
    sending: new Set(),
    users: createChatUsersRepository(db),
    registry,
    provider: deps.provider ?? providerFromConfig(config),
    promptHistory: config.PROMPT_HISTORY_MESSAGES,
    maxLiveRepliesPerUser: config.MAX_LIVE_REPLIES_PER_USER,
    afterCommit: coalesce(
      20,
      () => void relay.flush().catch((err: unknown) => logger.warn({ err }, 'outbox flush failed')),
    ),
  };

  const app = createServiceApp({
    name: 'chat',
    logger,
    readiness: {
      database: async () => {
        await db.$queryRawUnsafe('SELECT 1');
      },
      bus: async () => {
        if (!bus.isHealthy()) throw new Error('event bus not connected');
      },
    },
    routes: (a) => {
      a.use('/api/conversations', deps.authenticate);
      registerMessageRoutes(a, ctx);
      registerConversationRoutes(a, ctx);
      registerUsageRoutes(a, ctx, deps.authenticate);
    },
  });

  let subscription: Subscription | undefined;
  return {
    app,
    ctx,
    registry,
    async start() {
      const stale = await messages.interruptStale(new Date(Date.now() - STALE_STREAMING_MS));
      if (stale > 0)
        logger.warn({ stale }, 'replies left streaming by a previous process marked interrupted');
      subscription = await subscribeAuthUsers(bus, db, deps.authDurable, (facts, { revoked }) => {
        // Blocked or banned: stop generating for them; a revocation now: end their open streams.
        const stop = facts.isBanned || facts.isBlocked;
        if (stop || revoked) {
          void registry
            .cutOff(facts.userId, stop)
            .catch((err: unknown) => logger.error({ err }, 'cutting off streams failed'));
        }
      });
      relay.start();
      logger.info(
        { model: ctx.provider.kind },
        ctx.provider.kind === 'offline' ? 'no model configured: offline responder' : 'model configured',
      );
    },
    /** Replies in flight are stored as interrupted (their clients get a final event), then the rest stops. */
    async stop() {
      await registry.shutdown();
      await subscription?.stop();
      await relay.stop();
      await relay.flush().catch(() => 0);
    },
  };
}
export type ChatService = ReturnType<typeof createService>;
