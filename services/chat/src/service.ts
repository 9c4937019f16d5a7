import type { RequestHandler } from 'express';
import {
  createOutboxRelay,
  createServiceApp,
  createUnitOfWork,
  standardReadiness,
  type EventBus,
  type Logger,
  type OutboxRelay,
  type RevocationChange,
  type RevocationList,
  type Subscription,
  type OutboxWakeups,
} from '@noek/service-kit';
import type { ChatConfig } from './config';
import type { ChatContext, ChatRepositories } from './context';
import type { ChatDb, ChatTx } from './database';
import { toMessage } from './features/conversations/conversation.mapper';
import { createConversationsRepository } from './features/conversations/conversations.repository';
import { registerConversationRoutes } from './features/conversations/conversations.routes';
import { createMessagesRepository, type MessagesRepository } from './features/messages/messages.repository';
import { registerMessageRoutes } from './features/messages/messages.routes';
import { createSendRepository } from './features/messages/send.repository';
import type { ModelProvider } from './features/model/model.types';
import { createOfflineResponder } from './features/model/offline-responder';
import { createOpenAiProvider } from './features/model/openai-provider';
import { startReplyLeases } from './features/replies/reply-lease';
import { ReplyRegistry } from './features/replies/reply-registry';
import { registerUsageRoutes } from './features/usage/usage.routes';
import { subscribeAuthUsers } from './features/users/auth-user.consumer';
import { createChatUsersRepository } from './features/users/chat-users.repository';
import { RevokedSessions } from './features/users/revoked-sessions';
import { subscribeSessionRevoked } from './features/users/session-revoked.consumer';
import { createSessionRevocationsRepository } from './features/users/session-revocations.repository';

export type ChatServiceConfig = Pick<
  ChatConfig,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_MODEL'
  | 'MODEL_REQUEST_TIMEOUT_MS'
  | 'MODEL_IDLE_TIMEOUT_MS'
  | 'MODEL_MAX_RETRIES'
  | 'REPLY_FLUSH_INTERVAL_MS'
  | 'REPLY_LEASE_MS'
  | 'REPLY_OUTAGE_BUDGET_MS'
  | 'OFFLINE_WORD_DELAY_MS'
  | 'PROMPT_HISTORY_MESSAGES'
  | 'MAX_LIVE_REPLIES_PER_USER'
>;

export interface ChatServiceDeps {
  /** Commits that wrote outbox rows wake the relay (definition.ts: @noek/db's outboxWakeups). */
  outboxWakeups?: OutboxWakeups;
  config: ChatServiceConfig;
  db: ChatDb;
  bus: EventBus;
  logger: Logger;
  /** Sets req.user from the access token or answers 401 (service-kit's requireUser). */
  authenticate: RequestHandler;
  /** auth's public key: the internal usage API then also requires the admin service's token. */
  servicePublicKey?: string;
  /** The session guard's revocations: a stream revoked before it registered ends at once. */
  revocations?: Pick<RevocationList, 'isRevoked'>;
  /** Overrides the provider chosen from config (tests). */
  provider?: ModelProvider;
  /** Durable consumer name for auth's user events (unique per test run). */
  authDurable?: string;
  /** Durable consumer name for auth's per-session revocations (unique per test run). */
  sessionDurable?: string;
  now?: () => Date;
}

/**
 * How often the revoked sessions are re-read from the table (revocations another replica consumed)
 * and expired ones pruned.
 */
const REVOCATION_SYNC_MS = 5_000;

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

/** The repositories of one client: the pool, or a transaction (the unit of work's factory). */
function repositoriesOn(db: ChatTx): ChatRepositories {
  return {
    conversations: createConversationsRepository(db),
    messages: createMessagesRepository(db),
    users: createChatUsersRepository(db),
  };
}

/** Generation outlives requests: the registry stores partial and final replies through the repository. */
function createRegistry(
  config: ChatServiceConfig,
  messages: MessagesRepository,
  logger: Logger,
  revocations?: ChatServiceDeps['revocations'],
) {
  return new ReplyRegistry({
    isRevoked: revocations && ((user) => revocations.isRevoked(user)),
    flushIntervalMs: config.REPLY_FLUSH_INTERVAL_MS,
    outageBudgetMs: config.REPLY_OUTAGE_BUDGET_MS,
    store: {
      saveProgress: (lease, content) => messages.saveProgress(lease, content),
      finish: async (lease, o) => {
        const row = await messages.finish(lease, o.content, o.status, o.retryFree);
        return row && toMessage(row);
      },
    },
    onError: (err, context) => logger.error({ err, context }, 'reply error'),
    // Not an error of the database (it answered): the reply is another writer's now, ours stopped.
    onLeaseLost: (messageId) =>
      logger.warn(
        {
          messageId,
          detail: 'another replica writes this reply now (or it is gone); its generation here stopped',
        },
        'reply lease lost',
      ),
  });
}

/** What every use case receives. */
function createContext(deps: ChatServiceDeps, relay: OutboxRelay): ChatContext {
  const { db, config, logger } = deps;
  const repositories = repositoriesOn(db);
  // One flush for a burst of commits that wrote outbox rows (the relay's poll is the fallback).
  const afterCommit = coalesce(
    20,
    () => void relay.flush().catch((err: unknown) => logger.warn({ err }, 'outbox flush failed')),
  );
  return {
    ...repositories,
    send: createSendRepository(db),
    transaction: createUnitOfWork(db, repositoriesOn, { afterPublish: afterCommit }),
    sending: new Set(),
    registry: createRegistry(config, repositories.messages, logger, deps.revocations),
    revokedSessions: new RevokedSessions(),
    provider: deps.provider ?? providerFromConfig(config),
    settings: {
      promptHistory: config.PROMPT_HISTORY_MESSAGES,
      maxLiveRepliesPerUser: config.MAX_LIVE_REPLIES_PER_USER,
    },
    afterCommit,
    now: deps.now ?? (() => new Date()),
    logger,
  };
}

/** THE one place chat's dependencies are wired: repositories, context, routes, consumer, outbox relay. */
export function createChatService(deps: ChatServiceDeps) {
  const { db, bus, logger } = deps;
  const relay = createOutboxRelay({ db, bus, logger, wakeups: deps.outboxWakeups });
  const ctx = createContext(deps, relay);
  const app = createServiceApp({
    name: 'chat',
    logger,
    readiness: standardReadiness(db, bus),
    routes: (a) => {
      a.use('/api/conversations', deps.authenticate);
      // Messages first: /api/conversations/settings must win over /api/conversations/:id.
      registerMessageRoutes(a, ctx);
      registerConversationRoutes(a, ctx);
      registerUsageRoutes(a, ctx, deps.authenticate, deps.servicePublicKey);
    },
  });

  const revocations = createSessionRevocationsRepository(db);
  /** Memory = the table's rows still in force; the table loses what expired. */
  const syncRevocations = async () => {
    const now = ctx.now();
    for (const r of await revocations.listActive(now)) ctx.revokedSessions.add(r.sessionId, r.expiresAt);
    ctx.revokedSessions.prune(now);
    await revocations.pruneExpired(now);
  };
  let syncTimer: NodeJS.Timeout | undefined;
  let stopLeases = () => undefined as void;
  const subscriptions: Subscription[] = [];
  return {
    app,
    ctx,
    registry: ctx.registry,
    async start() {
      stopLeases = startReplyLeases({
        store: ctx.messages,
        liveLeases: () => ctx.registry.liveLeases(),
        leaseMs: deps.config.REPLY_LEASE_MS,
        logger,
        onStopRequested: (id) => void ctx.registry.stop(id),
        now: ctx.now,
      });
      await syncRevocations();
      syncTimer = setInterval(
        () => void syncRevocations().catch((err: unknown) => logger.warn({ err }, 'revocation sync failed')),
        REVOCATION_SYNC_MS,
      );
      syncTimer.unref();
      const revokedSub = await subscribeSessionRevoked(bus, db, deps.sessionDurable, (r) => {
        // Refused from now on, and this session's open streams end; other browsers keep theirs.
        ctx.revokedSessions.add(r.sessionId, r.expiresAt);
        ctx.registry.cutOffSession(r.sessionId);
      });
      subscriptions.push(revokedSub);
      const usersSub = await subscribeAuthUsers(bus, db, deps.authDurable, (facts, { revoked }) => {
        // Blocked or banned: stop generating for them; a revocation now: end their open streams.
        const stop = facts.isBanned || facts.isBlocked;
        if (stop || revoked) {
          void ctx.registry
            .cutOff(facts.userId, stop)
            .catch((err: unknown) => logger.error({ err }, 'cutting off streams failed'));
        }
      });
      subscriptions.push(usersSub);
      relay.start();
      logger.info(
        { model: ctx.provider.kind },
        ctx.provider.kind === 'offline' ? 'no model configured: offline responder' : 'model configured',
      );
    },
    /**
     * A revocation heard by this replica's follower (service-kit's session guard): the streams it holds
     * for that session or user end now; a block or ban also stops the replies it is writing for them.
     * The durable consumers below do the same once per service and update the database.
     */
    onRevoked(change: RevocationChange) {
      if (change.kind === 'session') ctx.registry.cutOffSession(change.sessionId);
      else
        void ctx.registry
          .cutOff(change.userId, change.stop)
          .catch((err: unknown) => logger.error({ err }, 'cutting off streams failed'));
    },
    /**
     * Before the HTTP server closes (readiness already fails): no new reply starts here, the ones in
     * flight get up to `ms` to finish, the rest are stored as interrupted; every stream gets its final
     * event, so the server then closes with nothing left open.
     */
    async drain(ms: number) {
      await ctx.registry.drain(ms);
    },
    /** Whatever is still in flight is stored as interrupted (their clients get a final event), then the rest stops. */
    async stop() {
      await ctx.registry.shutdown();
      stopLeases();
      clearInterval(syncTimer);
      for (const sub of subscriptions) await sub.stop();
      await relay.stop();
      await relay.flush().catch(() => 0);
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
